import { trpc } from '../../../lib/trpc.ts';

export function useListingDetail(id: string) {
  return trpc.listings.byId.useQuery({ id });
}

/** The server answers NOT_FOUND (or BAD_REQUEST for a malformed id) for anything neighbours may not see. */
export function isNotFoundError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return status === 404 || status === 400;
}

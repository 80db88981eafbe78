import type { QueryClient } from '@tanstack/react-query';
import type { QueryUtils } from './trpc.ts';

/** What every route's beforeLoad and loader receive (TanStack Router with tRPC). */
export interface RouterContext {
  queryClient: QueryClient;
  queryUtils: QueryUtils;
}

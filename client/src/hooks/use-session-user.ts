import { useSuspenseQuery } from '@tanstack/react-query';
import { sessionQueryOptions, type SessionUser } from '../lib/session.ts';

/** The signed-in user, or null. Guards load it before any screen renders, so this never suspends there. */
export function useSessionUser(): SessionUser | null {
  return useSuspenseQuery(sessionQueryOptions()).data;
}

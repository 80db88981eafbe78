import { trpc } from '../../../lib/trpc.ts';

/** The signed-in resident's own profile (the route loader has it in cache already). */
export function useOwnProfile() {
  const [profile] = trpc.users.me.useSuspenseQuery();
  return profile;
}

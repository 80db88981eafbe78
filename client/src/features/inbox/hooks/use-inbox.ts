import { trpc } from '../../../lib/trpc.ts';

/** /mensagens: the person's conversations; a message sent or read anywhere reloads it (use-realtime-events.ts). */
export function useInbox() {
  return trpc.messages.inbox.useQuery();
}

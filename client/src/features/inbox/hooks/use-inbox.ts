import { trpc } from '../../../lib/trpc.ts';
import { INBOX_INPUT } from '../inbox-input.ts';

/** /mensagens, page by page; a message sent or read anywhere reloads the loaded pages (use-realtime-events.ts). */
export function useInbox() {
  const query = trpc.messages.inbox.useInfiniteQuery(INBOX_INPUT, { getNextPageParam: (page) => page.nextCursor });
  const conversations = query.data?.pages.flatMap((page) => page.conversations) ?? null;
  return { ...query, conversations };
}

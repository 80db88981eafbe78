// The input the /mensagens route loader prefetches, apart from the hooks: the route
// definitions sit in the entry chunk (docs/decisions/013-first-screen.md).

/** One input for the route loader and the screen, so both read the same cache entry (pages follow by cursor). */
export const INBOX_INPUT = {} as const;

// Review values without Zod, for screens that only show ratings (docs/decisions/013-first-screen.md).
// review.schema.ts re-exports them.

export const RATING_MIN = 1;
export const RATING_MAX = 5;

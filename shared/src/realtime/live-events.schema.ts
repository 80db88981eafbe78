import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { isLastEventId, MAX_TRACKED_ID_LENGTH } from './live-cursor.ts';

const INVALID_EVENT_ID = 'Identificador de evento inválido';

/** The live events subscription's input: where a reconnecting tab left off, if anywhere. */
export const liveEventsInputSchema = z
  .object({ lastEventId: z.string().max(MAX_TRACKED_ID_LENGTH, INVALID_EVENT_ID).refine(isLastEventId, INVALID_EVENT_ID).nullish() })
  .optional();

import { z } from 'zod';

/** What an action answers when all it has to say is a pt-BR message for the person (the toast). */
export const messageAnswerSchema = z.object({ message: z.string() });

import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

export const REJECTION_REASON_MAX_LENGTH = 500;

export const ADMIN_MESSAGES = {
  userApproved: 'Usuário aprovado com sucesso!',
  userRejected: 'Cadastro rejeitado',
  userNotPending: 'Este cadastro já foi analisado.',
  userNotFound: 'Usuário não encontrado',
  accessDenied: 'Acesso Negado',
} as const;

export const approveUserSchema = z.object({ userId: z.uuid({ message: ADMIN_MESSAGES.userNotFound }) });

export const rejectUserSchema = z.object({
  userId: z.uuid({ message: ADMIN_MESSAGES.userNotFound }),
  reason: z
    .string()
    .trim()
    .max(REJECTION_REASON_MAX_LENGTH, 'O motivo deve ter no máximo 500 caracteres')
    .optional()
    .transform((reason) => (reason ? reason : null)),
});

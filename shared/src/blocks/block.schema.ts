import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

// Blocking a neighbour (decisions.md "Trust between neighbours"): mutual invisibility.
// The blocked person is never told: what they meet reads as "not found" or "not available".

export const BLOCK_MESSAGES = {
  personNotFound: 'Vizinho não encontrado',
  self: 'Você não pode bloquear a si mesmo.',
  staff: 'Não é possível bloquear a administração do condomínio.',
  blocked: 'Pessoa bloqueada. Vocês não verão mais os anúncios nem a página um do outro.',
  unblocked: 'Pessoa desbloqueada.',
  /** The blocker following a link to the person, their listing or a new order. */
  youBlocked: 'Você bloqueou esta pessoa. Para ver e negociar de novo, desbloqueie em Configurações → Pessoas bloqueadas.',
  /** Writing in a conversation with someone blocked, either way. */
  cannotWrite: 'Não é possível enviar mensagens para esta pessoa.',
} as const;

export const blockPersonSchema = z.object({ userId: z.uuid({ message: BLOCK_MESSAGES.personNotFound }) });
export type BlockPersonInput = z.input<typeof blockPersonSchema>;

export const blockedPeopleSchema = z.object({
  items: z.array(z.object({ id: z.string(), fullName: z.string(), apartment: z.string().nullable(), avatarUrl: z.string().nullable(), blockedAt: z.date() })),
});
export type BlockedPeople = z.infer<typeof blockedPeopleSchema>;

import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { emailSchema } from '../auth/auth.schema.ts';

export const INVITE_CODE_LENGTH = 10;
export const INVITE_TTL_DAYS = 7;
export const INVITES_PER_DAY = 20;
/** Times one invite may be sent again in 24 hours: each one is an e-mail to someone outside the app. */
export const INVITE_RESENDS_PER_DAY = 3;
export const INVITE_APARTMENT_MAX_LENGTH = 40;

export const INVITE_STATUSES = ['pending', 'accepted', 'expired', 'cancelled'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
export const INVITE_TYPES = ['resident', 'other'] as const;
export type InviteType = (typeof INVITE_TYPES)[number];

export const INVITE_MESSAGES = {
  emailRequired: 'Por favor, preencha o e-mail',
  emailInvalid: 'Informe um e-mail válido',
  apartmentTooLong: 'O apartamento deve ter no máximo 40 caracteres',
  sent: 'Convite enviado com sucesso!',
  resent: 'Convite reenviado!',
  cancelled: 'Convite cancelado!',
  linkCopied: 'Link copiado!',
  alreadyResident: 'Este e-mail já pertence a um morador do Vizinhança.',
  alreadyPending: 'Já existe um convite pendente para este e-mail.',
  dailyLimit: `Você já enviou ${INVITES_PER_DAY} convites nas últimas 24 horas. Tente novamente amanhã.`,
  notFound: 'Convite não encontrado. Confira o link que você recebeu.',
  expired: 'Este convite expirou. Peça um novo convite a quem te convidou.',
  cancelledCode: 'Este convite foi cancelado. Peça um novo convite a quem te convidou.',
  alreadyUsed: 'Este convite já foi usado.',
  notPending: 'Só é possível alterar convites pendentes.',
  notResendable: 'Este convite não pode mais ser reenviado.',
  resendLimit: `Este convite já foi reenviado ${INVITE_RESENDS_PER_DAY} vezes nas últimas 24 horas. Tente novamente amanhã.`,
} as const;

export const inviteCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, INVITE_MESSAGES.notFound));

export const sendInviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, INVITE_MESSAGES.emailRequired)
    .pipe(emailSchema),
  apartment: z
    .string()
    .trim()
    .max(INVITE_APARTMENT_MAX_LENGTH, INVITE_MESSAGES.apartmentTooLong)
    .default('')
    .transform((apartment) => apartment || null),
});
export type SendInviteInput = z.input<typeof sendInviteSchema>;
/** The answer to a sent invite: its id and the toast's message. */
export const sentInviteSchema = z.object({ id: z.string(), message: z.string() });

export const inviteIdSchema = z.object({ id: z.uuid({ message: INVITE_MESSAGES.notFound }) });
export const inviteByCodeSchema = z.object({ code: inviteCodeSchema });

export const inviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  apartment: z.string().nullable(),
  type: z.enum(INVITE_TYPES),
  status: z.enum(INVITE_STATUSES),
  expiresAt: z.date(),
  createdAt: z.date(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const invitesOverviewSchema = z.object({
  invites: z.array(inviteSchema),
  counts: z.object({ sent: z.number().int(), accepted: z.number().int(), pending: z.number().int() }),
  /** The resident's own shareable code (the quick-invite box). */
  shareCode: z.string(),
});
export type InvitesOverview = z.infer<typeof invitesOverviewSchema>;

/** What a link shows before sign-up: who invited, and what to fill in. */
export const invitePreviewSchema = z.object({
  code: z.string(),
  inviterName: z.string(),
  email: z.string().nullable(),
  apartment: z.string().nullable(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

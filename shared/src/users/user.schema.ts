import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { ratingSummarySchema } from '../reviews/review.schema.ts';
import { APPROVAL_STATUSES, ROLES } from './user.types.ts';

/** A person's fields as the API shows them, declared once: each answer below picks the ones it may show. */
export const userSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** Only the owner (and admins) ever see a CPF; shown masked. */
  cpf: z.string().nullable(),
  phone: z.string().nullable(),
  block: z.string().nullable(),
  apartment: z.string().nullable(),
  bio: z.string().nullable(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  isSuspended: z.boolean(),
  roles: z.array(z.enum(ROLES)),
  avatarUrl: z.string().nullable(),
  createdAt: z.date(),
});

/** What the client knows about the signed-in user: enough for the guards and the greeting. */
export const sessionUserSchema = userSchema
  .pick({ id: true, fullName: true, approvalStatus: true, isSuspended: true, roles: true })
  .extend({ rejectionReason: z.string().nullable() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const ownProfileSchema = userSchema.pick({
  id: true,
  fullName: true,
  email: true,
  cpf: true,
  phone: true,
  block: true,
  apartment: true,
  bio: true,
  avatarUrl: true,
  roles: true,
  createdAt: true,
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** The profile's stats (docs/product.md §10.9): own listings (not deleted), orders made, and the real rating received. */
export const profileStatsSchema = z.object({
  listings: z.number().int(),
  orders: z.number().int(),
  /** Received as lender (the owner of the orders). */
  rating: ratingSummarySchema,
  /** Received as renter (the requester of the orders). */
  renterRating: ratingSummarySchema,
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

export const NEIGHBOUR_MESSAGES = { notFound: 'Vizinho não encontrado' } as const;

export const neighbourByIdSchema = z.object({ id: z.uuid({ message: NEIGHBOUR_MESSAGES.notFound }) });

/** A neighbour's page (/vizinho/{id}): public data only, never phone, e-mail or CPF. */
export const neighbourSchema = userSchema.pick({ id: true, fullName: true, apartment: true, avatarUrl: true }).extend({
  memberSince: z.date(),
  /** Received as lender and as renter (visible reviews only). */
  rating: ratingSummarySchema,
  renterRating: ratingSummarySchema,
  /** 'Denunciar': anyone's page but one's own. */
  canReport: z.boolean(),
  /** 'Bloquear': neither one's own page nor the administration's. */
  canBlock: z.boolean(),
});
export type Neighbour = z.infer<typeof neighbourSchema>;

export const pendingUserSchema = userSchema
  .pick({ id: true, fullName: true, email: true, cpf: true, phone: true, apartment: true, avatarUrl: true, createdAt: true })
  .extend({
    /** Who invited them, when they came through an invite ('Convidado por {nome}'). */
    invitedByName: z.string().nullable(),
  });
export type PendingUser = z.infer<typeof pendingUserSchema>;
export const pendingUsersSchema = z.array(pendingUserSchema);

export const setAvatarSchema = z.object({ imageId: z.uuid({ message: 'Imagem não encontrada. Envie a foto novamente.' }) });
export const setAvatarOutputSchema = z.object({ avatarUrl: z.string(), message: z.string() });

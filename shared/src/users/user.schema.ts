import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { ratingSummarySchema } from '../reviews/review.schema.ts';
import { APPROVAL_STATUSES, ROLES } from './user.types.ts';

/** What the client knows about the signed-in user: enough for the guards and the greeting. */
export const sessionUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  isSuspended: z.boolean(),
  roles: z.array(z.enum(ROLES)),
  rejectionReason: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const ownProfileSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** Only the owner (and admins) ever see a CPF; shown masked. */
  cpf: z.string().nullable(),
  phone: z.string().nullable(),
  block: z.string().nullable(),
  apartment: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  createdAt: z.date(),
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
export const neighbourSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  apartment: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  memberSince: z.date(),
  /** Received as lender and as renter (visible reviews only). */
  rating: ratingSummarySchema,
  renterRating: ratingSummarySchema,
});
export type Neighbour = z.infer<typeof neighbourSchema>;

export const pendingUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  phone: z.string().nullable(),
  apartment: z.string().nullable(),
  /** Who invited them, when they came through an invite ('Convidado por {nome}'). */
  invitedByName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.date(),
});
export type PendingUser = z.infer<typeof pendingUserSchema>;
export const pendingUsersSchema = z.array(pendingUserSchema);

export const setAvatarSchema = z.object({ imageId: z.uuid({ message: 'Imagem não encontrada. Envie a foto novamente.' }) });
export const setAvatarOutputSchema = z.object({ avatarUrl: z.string(), message: z.string() });

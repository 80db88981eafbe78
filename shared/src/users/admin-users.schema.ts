import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { AUTH_MESSAGES, APARTMENT_MAX_LENGTH, BLOCK_MAX_LENGTH, FULL_NAME_MAX_LENGTH, phoneSchema } from '../auth/auth.schema.ts';
import { userSchema } from './user.schema.ts';
import { APPROVAL_STATUSES, ROLES } from './user.types.ts';

// The Usuários and Anunciantes sections of /admin (admins only: people's data, decisions.md).

export const BIO_MAX_LENGTH = 500;
export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USER_SEARCH_MAX_LENGTH = 100;
export const ADMIN_REASON_MAX_LENGTH = 500;
/** The stored apartment is 'block-apartment' (spec 5): up to 5 + 1 + 10 characters. */
export const STORED_APARTMENT_MAX_LENGTH = BLOCK_MAX_LENGTH + 1 + APARTMENT_MAX_LENGTH;

export const USER_STATUS_FILTERS = ['all', 'approved', 'pending', 'rejected', 'suspended'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

export const USER_STATUS_FILTER_LABELS: Record<UserStatusFilter, string> = {
  all: 'Todos',
  approved: 'Aprovados',
  pending: 'Pendentes',
  rejected: 'Rejeitados',
  suspended: 'Suspensos',
};

export const ADMIN_USER_MESSAGES = {
  portariaRoleAlone: 'O papel Portaria não se combina com outros papéis.',
  updated: 'Usuário atualizado com sucesso!',
  notFound: 'Usuário não encontrado',
  conflict: 'Outro administrador alterou este usuário enquanto você editava. Reabra o cadastro para ver os dados atuais.',
  lastAdminRole: 'Você é o último administrador: não pode remover o seu próprio papel de administrador.',
  lastAdminSuspend: 'Você é o último administrador: não pode suspender a sua própria conta.',
  selfSuspend: 'Você não pode suspender a sua própria conta.',
  bioTooLong: `A bio deve ter no máximo ${BIO_MAX_LENGTH} caracteres`,
  searchTooLong: `A busca deve ter no máximo ${ADMIN_USER_SEARCH_MAX_LENGTH} caracteres`,
  reasonTooLong: `O motivo deve ter no máximo ${ADMIN_REASON_MAX_LENGTH} caracteres`,
  anonymized: 'Dados pessoais removidos. O cadastro agora aparece como Ex-morador.',
  alreadyAnonymized: 'Este cadastro já foi anonimizado.',
  cannotAnonymizeSelf: 'Você não pode anonimizar a sua própria conta.',
  suspensionReason: 'Conta do anunciante suspensa pela administração',
} as const;

/** The name past orders and reviews show for a person whose data was removed (decisions.md, LGPD). */
export const EX_RESIDENT_NAME = 'Ex-morador';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value ? value : null))
    .prefault('');

export const adminUsersListSchema = z.object({
  search: z
    .string()
    .trim()
    .max(ADMIN_USER_SEARCH_MAX_LENGTH, ADMIN_USER_MESSAGES.searchTooLong)
    .optional()
    .transform((value) => (value ? value : null)),
  status: z.enum(USER_STATUS_FILTERS, { message: 'Filtro inválido' }).default('all'),
  cursor: z.uuid({ message: 'Página inválida' }).nullish().transform((cursor) => cursor ?? null),
});

export const adminUserSchema = userSchema.extend({
  anonymized: z.boolean(),
  /** The version the edit dialog read: saving over a newer one is refused (two admins at once). */
  updatedAt: z.date(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({ items: z.array(adminUserSchema), nextCursor: z.string().nullable() });

export const adminUserByIdSchema = z.object({ userId: z.uuid({ message: ADMIN_USER_MESSAGES.notFound }) });

export const updateAdminUserSchema = z.object({
  userId: z.uuid({ message: ADMIN_USER_MESSAGES.notFound }),
  expectedUpdatedAt: z.date(),
  fullName: z.string().trim().min(1, AUTH_MESSAGES.fullNameRequired).max(FULL_NAME_MAX_LENGTH, AUTH_MESSAGES.fullNameRequired),
  // prefault: an absent phone is parsed as '' (stored null), never written as ''.
  phone: phoneSchema.prefault(''),
  block: optionalText(BLOCK_MAX_LENGTH, AUTH_MESSAGES.blockTooLong),
  apartment: optionalText(STORED_APARTMENT_MAX_LENGTH, `O apartamento deve ter no máximo ${STORED_APARTMENT_MAX_LENGTH} caracteres`),
  bio: optionalText(BIO_MAX_LENGTH, ADMIN_USER_MESSAGES.bioTooLong),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  isSuspended: z.boolean(),
  roles: z
    .array(z.enum(ROLES))
    .max(ROLES.length)
    .transform((roles) => [...new Set(roles)].sort())
    // The front desk's account is confined to /portaria: another role would be taken away by it.
    .refine((roles) => !roles.includes('portaria') || roles.length === 1, ADMIN_USER_MESSAGES.portariaRoleAlone),
  reason: optionalText(ADMIN_REASON_MAX_LENGTH, ADMIN_USER_MESSAGES.reasonTooLong),
});
export type UpdateAdminUserInput = z.input<typeof updateAdminUserSchema>;

export const advertiserSchema = userSchema.pick({ id: true, fullName: true, apartment: true, avatarUrl: true, isSuspended: true }).extend({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
});
export type Advertiser = z.infer<typeof advertiserSchema>;

export const advertisersPageSchema = z.object({ items: z.array(advertiserSchema), nextCursor: z.string().nullable() });
export const advertisersListSchema = z.object({ cursor: z.uuid({ message: 'Página inválida' }).nullish().transform((cursor) => cursor ?? null) });

export const adminSummarySchema = z.object({
  pendingListings: z.number().int(),
  pendingUsers: z.number().int(),
  users: z.number().int(),
  advertisers: z.number().int(),
  listings: z.number().int(),
  pendingOrders: z.number().int(),
  activityToday: z.number().int(),
  pendingBillings: z.number().int(),
  /** Reports of listings and people waiting for a decision ('Denúncias'). */
  openReports: z.number().int(),
  /** Problems on orders waiting for the administration ('Problemas'). */
  openProblems: z.number().int(),
  /** When the oldest entry of the last 24 hours leaves the window (the 'Atividade' count drops): the screen reloads then. */
  activityChangesAt: z.date().nullable(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** The pendencies card's counts (anúncios and cadastros). */
export const adminPendenciesSchema = z.object({ pendingUsers: z.number(), pendingListings: z.number() });

/** The answer to an admin's edit of a person: the toast's message and the person as saved. */
export const updateAdminUserAnswerSchema = z.object({ message: z.string(), user: adminUserSchema });

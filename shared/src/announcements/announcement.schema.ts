import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { ANNOUNCEMENT_BODY_MAX_LENGTH, ANNOUNCEMENT_TITLE_MAX_LENGTH } from './announcement.constants.ts';

export * from './announcement.constants.ts';

// Announcements ('Comunicados'; decisions.md "Talking to everyone"): administrators publish,
// every approved resident reads. The form and the server check the same schemas.

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Escreva o título do comunicado',
  titleTooLong: `O título deve ter no máximo ${ANNOUNCEMENT_TITLE_MAX_LENGTH} caracteres`,
  bodyRequired: 'Escreva o texto do comunicado',
  bodyTooLong: 'O texto deve ter no máximo 5.000 caracteres',
  invalidDate: 'Data inválida',
  pinnedInPast: "A data de 'Fixar até' não pode estar no passado",
  invalidPhoto: 'Imagem inválida',
  notFound: 'Comunicado não encontrado',
  removedCannotEdit: 'Este comunicado foi removido e não pode mais ser editado.',
  alreadyRemoved: 'Este comunicado já foi removido.',
  published: 'Comunicado publicado!',
  updated: 'Comunicado atualizado!',
  removed: 'Comunicado removido',
} as const;

export const announcementIdSchema = z.uuid({ message: ANNOUNCEMENT_MESSAGES.notFound });

/** 'yyyy-MM-dd' or empty (not pinned); whether it is past is the server's (and the form's) check against the condominium's today. */
const pinnedUntilSchema = z
  .union([z.iso.date({ message: ANNOUNCEMENT_MESSAGES.invalidDate }), z.literal(''), z.null()], { error: ANNOUNCEMENT_MESSAGES.invalidDate })
  .optional()
  .transform((value) => value || null);

export const announcementFieldsSchema = z.object({
  title: z
    .string({ error: ANNOUNCEMENT_MESSAGES.titleRequired })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.titleRequired)
    .max(ANNOUNCEMENT_TITLE_MAX_LENGTH, ANNOUNCEMENT_MESSAGES.titleTooLong),
  body: z
    .string({ error: ANNOUNCEMENT_MESSAGES.bodyRequired })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.bodyRequired)
    .max(ANNOUNCEMENT_BODY_MAX_LENGTH, ANNOUNCEMENT_MESSAGES.bodyTooLong),
  /** An upload of purpose 'announcement' by the publishing administrator (POST /api/images), or none. */
  imageId: z.uuid({ message: ANNOUNCEMENT_MESSAGES.invalidPhoto }).nullish().transform((id) => id ?? null),
  pinnedUntil: pinnedUntilSchema,
});
export type AnnouncementFields = z.infer<typeof announcementFieldsSchema>;

export const publishAnnouncementInput = announcementFieldsSchema;
export const updateAnnouncementInput = announcementFieldsSchema.extend({ id: announcementIdSchema });
export const announcementByIdInput = z.object({ id: announcementIdSchema });

/** Whether 'Fixar até' is today or later in the condominium (both 'yyyy-MM-dd'). */
export function isPinnedUntilAllowed(pinnedUntil: string | null, today: string): boolean {
  return pinnedUntil === null || pinnedUntil >= today;
}

export const announcementItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  pinnedUntil: z.string().nullable(),
  author: z.object({ fullName: z.string() }),
  createdAt: z.date(),
  editedAt: z.date().nullable(),
  /** The reader got it and has not opened /comunicados since ('Novo'). */
  unread: z.boolean(),
  /** Administrators only: 'Lido por N de M moradores'. */
  reads: z.object({ read: z.number().int(), recipients: z.number().int() }).nullable(),
});
export type AnnouncementItem = z.infer<typeof announcementItemSchema>;

export const announcementListSchema = z.object({ items: z.array(announcementItemSchema) });

export const pinnedAnnouncementSchema = z.object({ id: z.string(), title: z.string(), pinnedUntil: z.string() }).nullable();

export function readCountLabel(read: number, recipients: number): string {
  return `Lido por ${read} de ${recipients} ${recipients === 1 ? 'morador' : 'moradores'}`;
}

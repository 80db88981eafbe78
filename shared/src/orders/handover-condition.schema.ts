import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { ORDER_MESSAGES } from './order.constants.ts';

// The condition of a rental item when it changes hands: the owner's note and photos at
// 'Marcar como entregue' (delivery) and at 'Concluir' (return), and the requester's
// 'Confirmo o estado'. The photos are private to the order's two people and staff.

export const HANDOVER_STAGES = ['delivery', 'return'] as const;
export type HandoverStage = (typeof HANDOVER_STAGES)[number];

export const HANDOVER_PHOTOS_MAX = 5;
export const HANDOVER_NOTE_MAX_LENGTH = 500;

export const HANDOVER_STAGE_LABELS: Record<HandoverStage, string> = {
  delivery: 'Estado na entrega',
  return: 'Estado na devolução',
};

export const HANDOVER_MESSAGES = {
  tooManyPhotos: `Envie no máximo ${HANDOVER_PHOTOS_MAX} fotos do estado do item.`,
  noteTooLong: `A observação sobre o estado deve ter no máximo ${HANDOVER_NOTE_MAX_LENGTH} caracteres`,
  onlyRentals: 'Fotos e observações do estado são só para aluguéis.',
  photoNotFound: 'Foto não encontrada. Envie a foto novamente.',
  photoRepeated: 'A mesma foto foi enviada mais de uma vez.',
  alreadyRecorded: 'O estado desta etapa já foi registrado.',
  invalidStage: 'Etapa inválida',
  notRequester: 'Somente quem fez o pedido pode confirmar o estado.',
  nothingToConfirm: 'Não há estado registrado para confirmar.',
  alreadyConfirmed: 'Você já confirmou o estado do item.',
  confirmed: 'Estado confirmado!',
  empty: 'Adicione uma foto ou uma observação sobre o estado.',
  recordedAlone: 'Estado registrado!',
  /** Recorded on its own (the item goes through the portaria): each stage while the item is on that side. */
  wrongStatus: {
    delivery: 'O estado na entrega é registrado enquanto o pedido está aprovado, antes da entrega.',
    return: 'O estado na devolução é registrado enquanto o aluguel está em andamento.',
  },
} as const;

/** To the owner, when the requester confirmed the condition. */
export const HANDOVER_NOTIFICATIONS = {
  confirmed: (o: { requesterName: string; listingTitle: string; stage: HandoverStage }) => ({
    title: 'Estado confirmado',
    message: `${o.requesterName} confirmou o estado de "${o.listingTitle}" ${o.stage === 'delivery' ? 'na entrega' : 'na devolução'}.`,
  }),
  /** To the requester, when the owner recorded a condition on its own (the item goes through the portaria). */
  recorded: (o: { listingTitle: string; stage: HandoverStage }) => ({
    title: HANDOVER_STAGE_LABELS[o.stage],
    message: `O anunciante registrou o estado de "${o.listingTitle}" ${o.stage === 'delivery' ? 'na entrega' : 'na devolução'}. Confira as fotos no pedido.`,
  }),
} as const;

const orderIdSchema = z.uuid({ message: ORDER_MESSAGES.notFound });

/** 'Marcar como entregue' and 'Concluir': the order, and for rentals the optional photos and note of the item's condition. */
export const orderStepWithConditionSchema = z.object({
  id: orderIdSchema,
  photos: z.array(z.uuid({ message: HANDOVER_MESSAGES.photoNotFound })).max(HANDOVER_PHOTOS_MAX, HANDOVER_MESSAGES.tooManyPhotos).default([]),
  note: z
    .string()
    .trim()
    .max(HANDOVER_NOTE_MAX_LENGTH, HANDOVER_MESSAGES.noteTooLong)
    .nullish()
    .transform((text) => (text ? text : null)),
});
export type OrderStepWithCondition = z.output<typeof orderStepWithConditionSchema>;

/**
 * The owner records a stage's condition on its own, when the item changes hands at the
 * portaria (the desk's steps give it out and back): photos, a note, or both.
 */
export const recordConditionSchema = orderStepWithConditionSchema
  .extend({ stage: z.enum(HANDOVER_STAGES, { error: HANDOVER_MESSAGES.invalidStage }) })
  .refine((input) => input.photos.length > 0 || input.note !== null, { message: HANDOVER_MESSAGES.empty, path: ['note'] });
export type RecordConditionInput = z.output<typeof recordConditionSchema>;

/** 'Confirmo o estado' (the requester). */
export const confirmConditionSchema = z.object({
  id: orderIdSchema,
  stage: z.enum(HANDOVER_STAGES, { error: HANDOVER_MESSAGES.invalidStage }),
});

/** One stage's condition as both people (and staff) see it. */
export const handoverConditionSchema = z.object({
  stage: z.enum(HANDOVER_STAGES),
  note: z.string().nullable(),
  photos: z.array(z.object({ id: z.string(), cardUrl: z.string(), detailUrl: z.string() })),
  recordedAt: z.date(),
  confirmedAt: z.date().nullable(),
});
export type HandoverCondition = z.infer<typeof handoverConditionSchema>;

import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

// Hand-over at the portaria: the owner leaves the item at the front desk with a
// 6-digit code, the requester collects it with the same code; the return goes
// the same way with a new code.

/** Which way the item goes through the desk: to the requester, or back to the owner. */
export const DESK_LEGS = ['delivery', 'return'] as const;
export type DeskLeg = (typeof DESK_LEGS)[number];

/**
 * waiting: code given, item not at the desk yet; at_desk: the desk holds it; done: collected;
 * cancelled: the order moved on without the desk; given_back: the order was cancelled with the
 * item at the desk, and the desk gave it back to its owner.
 */
export const DESK_HANDOVER_STATUSES = ['waiting', 'at_desk', 'done', 'cancelled', 'given_back'] as const;
export type DeskHandoverStatus = (typeof DESK_HANDOVER_STATUSES)[number];

/** What the desk does next with the item: take it in, give it out, or give it back to its owner (the order was cancelled). */
export const DESK_STEPS = ['receive', 'handOver', 'giveBack'] as const;
export type DeskStep = (typeof DESK_STEPS)[number];

export const DESK_CODE_LENGTH = 6;

/** The desk's button for each step of each leg (the product's words). */
export const DESK_STEP_LABELS: Record<DeskLeg, Record<DeskStep, string>> = {
  delivery: { receive: 'Recebido do dono', handOver: 'Entregue ao morador', giveBack: 'Devolvido ao dono' },
  return: { receive: 'Recebido do morador', handOver: 'Devolvido ao dono', giveBack: 'Devolvido ao dono' },
};

export const DESK_MESSAGES = {
  codeInvalid: 'Digite os 6 números do código.',
  codeNotFound: 'Código não encontrado ou já usado. Confira os números com o morador.',
  tooManyAttempts: (minutes: string) => `Muitas tentativas de código. Tente novamente em ${minutes}.`,
  stepOutOfOrder: 'Esta etapa não é a próxima deste código. Digite o código de novo para ver a etapa atual.',
  orderNotFound: 'Pedido não encontrado.',
  legClosed: 'Esta entrega pela portaria já terminou.',
  started: 'Código da portaria pronto.',
  cancelled: 'Código da portaria cancelado. Ele não vale mais na portaria.',
  noCodeToCancel: 'Este pedido não tem código da portaria para cancelar.',
  cannotCancelAtDesk: 'O item já está na portaria: o código não pode mais ser cancelado.',
  notStarter: 'Só quem gerou o código pode cancelá-lo.',
  notOwner: 'Só o dono do item pode deixá-lo na portaria.',
  notRequester: 'Só quem alugou pode devolver o item na portaria.',
  cannotStartDelivery: 'Só pedidos aprovados podem ser deixados na portaria.',
  cannotStartReturn: 'Só aluguéis em andamento podem ser devolvidos na portaria.',
  atDesk: 'O item está na portaria: a entrega é registrada por ela.',
  received: 'Recebimento registrado.',
  handedOver: 'Entrega registrada.',
  givenBack: 'Devolução ao dono registrada.',
} as const;

/** Six digits; spaces and a dash typed between them are ignored ('123 456'). */
export const deskCodeSchema = z
  .string()
  .max(20, DESK_MESSAGES.codeInvalid)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, DESK_MESSAGES.codeInvalid));

export const deskLookupInputSchema = z.object({ code: deskCodeSchema });

export const deskAdvanceInputSchema = z.object({ code: deskCodeSchema, step: z.enum(DESK_STEPS) });

export const deskStartInputSchema = z.object({ orderId: z.string().uuid('Pedido inválido') });

/** 'Cancelar código': the order whose code (of its current leg) its maker takes back. */
export const deskCancelInputSchema = deskStartInputSchema;

/** A person as the desk knows them: name and apartment (which carries the block, 'A-101'). */
const deskPersonSchema = z.object({ fullName: z.string(), apartment: z.string().nullable() });

/** What the desk sees for a code: the item, the two people and the next step, nothing more. */
export const deskLookupSchema = z.object({
  leg: z.enum(DESK_LEGS),
  status: z.enum(['waiting', 'at_desk']),
  nextStep: z.enum(DESK_STEPS),
  item: z.object({ title: z.string(), photoUrl: z.string().nullable() }),
  owner: deskPersonSchema,
  requester: deskPersonSchema,
});
export type DeskLookup = z.infer<typeof deskLookupSchema>;

/** A live hand-over of one of the caller's orders, with its code: the order cards show it. */
export const myDeskHandoverSchema = z.object({
  orderId: z.string(),
  leg: z.enum(DESK_LEGS),
  status: z.enum(['waiting', 'at_desk']),
  code: z.string(),
});
export type MyDeskHandover = z.infer<typeof myDeskHandoverSchema>;

export const myDeskHandoversSchema = z.array(myDeskHandoverSchema);

export const deskStartOutputSchema = z.object({ code: z.string(), message: z.string() });

/** The next step for a live hand-over's status: an item the desk holds for a cancelled order goes back to its owner. */
export function nextDeskStep(status: 'waiting' | 'at_desk', orderCancelled: boolean): DeskStep {
  if (status === 'waiting') return 'receive';
  return orderCancelled ? 'giveBack' : 'handOver';
}

/** '123456' -> '123 456', easier to read aloud at the desk. */
export function formatDeskCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/** What the two people are told at each step. */
export const DESK_NOTIFICATIONS = {
  receivedFromOwner: (title: string) => ({ title: 'Item na portaria', message: `"${title}" foi deixado na portaria e já pode ser retirado com o código.` }),
  handedToRequester: (title: string) => ({ title: 'Item retirado na portaria', message: `"${title}" foi entregue ao morador pela portaria.` }),
  receivedFromRequester: (title: string) => ({ title: 'Item devolvido na portaria', message: `"${title}" foi devolvido na portaria e já pode ser retirado pelo dono com o código.` }),
  handedToOwner: (title: string) => ({ title: 'Item devolvido ao dono', message: `"${title}" foi entregue ao dono pela portaria.` }),
};

/** The other side, when a code is cancelled before the item reached the desk. */
export const DESK_CODE_CANCELLED_NOTIFICATION = (title: string) => ({
  title: 'Código da portaria cancelado',
  message: `O código da portaria de "${title}" foi cancelado. Combinem a entrega pela conversa.`,
});

/** An order cancelled while its item is at the desk: the owner fetches it, and then both learn it went back. */
export const DESK_GIVE_BACK_NOTIFICATIONS = {
  waitsForOwner: (title: string) => ({
    title: 'Item na portaria para o dono',
    message: `O pedido de "${title}" foi cancelado com o item na portaria: o dono retira com o código do pedido.`,
  }),
  givenBack: (title: string) => ({ title: 'Item devolvido ao dono', message: `"${title}" voltou ao dono pela portaria depois do cancelamento do pedido.` }),
};

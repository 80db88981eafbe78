import { formatCurrency } from '../format/format.ts';

// Deposit (caução) values without Zod, for the screens that only show a deposit or its record.
// deposit.schema.ts re-exports them.

/** R$ 5.000,00: the most a rental may ask as a deposit (the database checks it too). */
export const DEPOSIT_MAX_CENTS = 500_000;
export const DEPOSIT_REASON_MAX_LENGTH = 500;
/** Photos of what was damaged or missing, attached to a retention. */
export const DEPOSIT_PHOTOS_MAX = 5;
/** Days the requester has, from the owner's record, to accept it or contest it. */
export const DEPOSIT_ANSWER_DAYS = 7;

/** The last moment the requester may answer a record made at `settledAt`. */
export function depositAnswerUntil(settledAt: Date): Date {
  return new Date(settledAt.getTime() + DEPOSIT_ANSWER_DAYS * 24 * 60 * 60 * 1000);
}

export const DEPOSIT_OUTCOMES = ['returned', 'retained'] as const;
export type DepositOutcome = (typeof DEPOSIT_OUTCOMES)[number];
export const DEPOSIT_ANSWERS = ['accepted', 'contested'] as const;
export type DepositAnswer = (typeof DEPOSIT_ANSWERS)[number];

/** The owner's two buttons and how the record reads afterwards. */
export const DEPOSIT_OUTCOME_LABELS: Record<DepositOutcome, string> = {
  returned: 'Caução devolvida',
  retained: 'Caução retida',
};

export const DEPOSIT_ANSWER_LABELS: Record<DepositAnswer, string> = {
  accepted: 'Aceito',
  contested: 'Contestada',
};

export { depositLine } from './deposit-line.ts';

/** What became of the deposit, in one line: 'Caução devolvida: R$ 200,00' or 'Caução retida: R$ 50,00 de R$ 200,00'. */
export function depositOutcomeText(record: { outcome: DepositOutcome; retainedCents: number }, depositCents: number): string {
  if (record.outcome === 'returned') return `${DEPOSIT_OUTCOME_LABELS.returned}: ${formatCurrency(depositCents)}`;
  return `${DEPOSIT_OUTCOME_LABELS.retained}: ${formatCurrency(record.retainedCents)} de ${formatCurrency(depositCents)}`;
}

export const DEPOSIT_MESSAGES = {
  invalidAmount: 'A caução deve ser de R$ 0,00 a R$ 5.000,00',
  outcomeRequired: 'Escolha se a caução foi devolvida ou retida',
  retainedRequired: 'Informe o valor retido',
  retainedAboveDeposit: (depositCents: number) => `O valor retido deve ser maior que zero e no máximo ${formatCurrency(depositCents)}, o valor da caução`,
  reasonRequired: 'Informe o motivo da retenção',
  reasonTooLong: `O motivo deve ter no máximo ${DEPOSIT_REASON_MAX_LENGTH} caracteres`,
  tooManyPhotos: `Envie no máximo ${DEPOSIT_PHOTOS_MAX} fotos`,
  invalidPhoto: 'Foto inválida. Envie a foto novamente.',
  invalidAnswer: 'Resposta inválida',
  notFound: 'Pedido não encontrado',
  notOwner: 'Somente o anunciante pode registrar a caução.',
  notRequester: 'Somente quem fez o pedido pode responder sobre a caução.',
  noDeposit: 'Este pedido não tem caução.',
  notCompleted: 'A caução é registrada depois que o pedido é concluído.',
  alreadySettled: 'A caução deste pedido já foi registrada.',
  notSettled: 'O anunciante ainda não registrou a caução.',
  alreadyAnswered: 'Você já respondeu sobre a caução deste pedido.',
  answerWindowClosed: `O prazo de ${DEPOSIT_ANSWER_DAYS} dias para responder sobre a caução terminou.`,
  returnedSaved: 'Caução devolvida registrada!',
  retainedSaved: 'Caução retida registrada!',
  acceptedSaved: 'Resposta registrada: você aceitou.',
  contestedSaved: 'Contestação enviada. A administração vai analisar.',
  contestJoined: 'Contestação enviada. Este pedido já tinha um problema em análise: a administração vai analisar a contestação junto com ele.',
} as const;

/** To the requester when the owner records the deposit; to the owner when the requester answers. */
export const DEPOSIT_NOTIFICATIONS = {
  returned: (o: { ownerName: string; listingTitle: string; depositCents: number }) => ({
    title: 'Caução devolvida',
    message: `${o.ownerName} registrou a devolução da caução de "${o.listingTitle}" (${formatCurrency(o.depositCents)}). Você tem ${DEPOSIT_ANSWER_DAYS} dias para aceitar ou contestar.`,
  }),
  retained: (o: { ownerName: string; listingTitle: string; retainedCents: number; depositCents: number }) => ({
    title: 'Caução retida',
    message: `${o.ownerName} reteve ${formatCurrency(o.retainedCents)} da caução de ${formatCurrency(o.depositCents)} de "${o.listingTitle}". Veja o motivo no pedido e responda em até ${DEPOSIT_ANSWER_DAYS} dias.`,
  }),
  accepted: (o: { requesterName: string; listingTitle: string }) => ({
    title: 'Caução aceita',
    message: `${o.requesterName} aceitou o registro da caução de "${o.listingTitle}".`,
  }),
  /** To both people: the contest went to the administration as a problem (a new one, or the one already open). */
  contested: (o: { requesterName: string; listingTitle: string; joined: boolean }) => ({
    title: 'Caução contestada',
    message: `${o.requesterName} contestou o registro da caução de "${o.listingTitle}". ${o.joined ? 'A contestação foi juntada ao problema em análise.' : 'A administração vai analisar.'}`,
  }),
} as const;

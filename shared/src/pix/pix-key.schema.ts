import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { isValidCpf, maskCpf, onlyDigits } from '../auth/cpf.ts';
import { maskPhone } from '../auth/phone.ts';

// The owner's Pix key (settings) and the order's Pix code (decisions.md "Conversations and Pix").

import { PAYABLE_ORDER_STATUSES, PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, type PixKeyType } from './pix-key.constants.ts';

// The Zod-free values live in pix-key.constants.ts.
export { PAYABLE_ORDER_STATUSES, PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, type PixKeyType };

/** The Pix directory's limit for e-mail keys. */
export const PIX_EMAIL_MAX_LENGTH = 77;

export const PIX_MESSAGES = {
  invalidType: 'Escolha o tipo da chave Pix',
  keyRequired: 'Informe a chave Pix',
  invalid: {
    cpf: 'CPF inválido. Confira os 11 dígitos.',
    phone: 'Telefone inválido. Informe DDD e número, como (11) 98765-4321.',
    email: 'E-mail inválido para chave Pix.',
    random: 'Chave aleatória inválida. Cole a chave de 32 caracteres com hífens, como o banco mostra.',
  } satisfies Record<PixKeyType, string>,
  saved: 'Chave Pix salva!',
  removed: 'Chave Pix removida.',
  // The order's code.
  orderNotFound: 'Pedido não encontrado',
  onlyRequester: 'Somente quem fez o pedido pode pagar com Pix.',
  notApproved: 'O Pix fica disponível depois que o pedido é aprovado.',
  noKey: 'O anunciante ainda não cadastrou uma chave Pix. Combine o pagamento na conversa.',
  ownerLeft: 'O anunciante encerrou a conta no Vizinhança: não há mais Pix para este pedido.',
  // 'Pago'.
  notParticipant: 'Somente quem participa do pedido pode marcá-lo como pago.',
  cannotMarkPaid: 'Só é possível marcar como pago um pedido aprovado.',
  alreadyPaid: 'Este pedido já foi marcado como pago.',
  markedPaid: 'Pedido marcado como pago.',
} as const;

/** The other side is told when an order is marked paid. */
export const PIX_NOTIFICATIONS = {
  paid: (byName: string, listingTitle: string) => ({
    title: 'Pedido marcado como pago',
    message: `${byName} marcou o pedido de "${listingTitle}" como pago.`,
  }),
} as const;

const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key as the Pix directory stores it, or null when it does not match its type:
 * CPF 11 digits with valid check digits; phone +55, DDD and 8 or 9 digits;
 * e-mail in lowercase; random key (EVP) as a lowercase UUID.
 */
export function normalizePixKey(type: PixKeyType, raw: string): string | null {
  const value = raw.trim();
  switch (type) {
    case 'cpf': {
      const digits = onlyDigits(value);
      return /^[\d.\-\s]+$/.test(value) && isValidCpf(digits) ? digits : null;
    }
    case 'phone': {
      if (!/^[\d()+\-\s]+$/.test(value)) return null;
      let digits = onlyDigits(value);
      if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
      // DDD 11-99; mobiles have 9 digits starting with 9, landlines 8.
      if (!/^[1-9][1-9](9\d{8}|[2-8]\d{7})$/.test(digits)) return null;
      return `+55${digits}`;
    }
    case 'email': {
      const email = value.toLowerCase();
      if (email.length > PIX_EMAIL_MAX_LENGTH || !z.email().safeParse(email).success) return null;
      return email;
    }
    case 'random': {
      const key = value.toLowerCase();
      return RANDOM_KEY.test(key) ? key : null;
    }
  }
}

/** The key as people read it: 123.456.789-09, (11) 98765-4321, the e-mail or the random key. */
export function formatPixKey(type: PixKeyType, key: string): string {
  if (type === 'cpf') return maskCpf(key);
  if (type === 'phone') return maskPhone(key.replace(/^\+55/, ''));
  return key;
}

/**
 * The key as the payer reads it: a CPF shows only its middle six digits, as banks show it
 * (***.982.247-**); the BR Code itself carries the whole key.
 */
export function payerPixKeyText(type: PixKeyType, key: string): string {
  if (type === 'cpf') return `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`;
  return formatPixKey(type, key);
}

/** Settings: the key is checked against its type and stored normalized. */
export const savePixKeySchema = z
  .object({
    type: z.enum(PIX_KEY_TYPES, { error: PIX_MESSAGES.invalidType }),
    key: z.string({ error: PIX_MESSAGES.keyRequired }).trim().min(1, PIX_MESSAGES.keyRequired).max(120, PIX_MESSAGES.keyRequired),
  })
  .transform((input, ctx) => {
    const key = normalizePixKey(input.type, input.key);
    if (key === null) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: PIX_MESSAGES.invalid[input.type] });
      return z.NEVER;
    }
    return { type: input.type, key };
  });
export type SavePixKeyInput = z.input<typeof savePixKeySchema>;

export const pixKeySchema = z.object({ type: z.enum(PIX_KEY_TYPES), key: z.string(), formatted: z.string() }).nullable();
export type PixKey = z.infer<typeof pixKeySchema>;

/** What a code pays: the order's amount ('rent', the default) or its deposit (caução), each a code of its own. */
export const ORDER_PIX_PARTS = ['rent', 'deposit'] as const;
export type OrderPixPart = (typeof ORDER_PIX_PARTS)[number];

export const orderPixInputSchema = z.object({
  orderId: z.uuid({ message: PIX_MESSAGES.orderNotFound }),
  part: z.enum(ORDER_PIX_PARTS, { error: PIX_MESSAGES.orderNotFound }).default('rent'),
});

/** 'Pagar com Pix': the code for the order's exact amount and who receives it. */
export const orderPixSchema = z.object({
  code: z.string(),
  amountCents: z.number().int(),
  receiverName: z.string(),
  keyType: z.enum(PIX_KEY_TYPES),
  /** The key as the payer reads it (payerPixKeyText: a CPF partly hidden). */
  formattedKey: z.string(),
  txid: z.string(),
});
export type OrderPix = z.infer<typeof orderPixSchema>;

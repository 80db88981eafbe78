// Pix values without Zod, for screens that only show them (docs/decisions/013-first-screen.md).
// pix-key.schema.ts re-exports them.

export const PIX_KEY_TYPES = ['cpf', 'phone', 'email', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  phone: 'Telefone',
  email: 'E-mail',
  random: 'Chave aleatória',
};

/** Orders that were approved (and may already be delivered or completed) can be paid and marked paid. */
export const PAYABLE_ORDER_STATUSES = ['approved', 'in_progress', 'completed'] as const;

/** Settings, when the key is (or is about to be) a CPF: the payer sees its middle digits. */
export const PIX_CPF_KEY_WARNING =
  'Com o CPF como chave, quem paga vê parte do seu CPF (os seis dígitos do meio). Para não mostrar seu CPF, prefira uma chave aleatória, que você cria no app do seu banco.';

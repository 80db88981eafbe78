// The static Pix BR Code ("copia e cola"): the Central Bank's EMV QRCPS payload,
// a list of ID (2 digits) + length (2 digits) + value fields closed by a CRC16.
// Field ids and limits from the Central Bank's "Manual de Padrões para Iniciação do Pix".

/** The Pix GUI inside the merchant account field (ID 26), as the manual writes it. */
export const PIX_GUI = 'br.gov.bcb.pix';
/** Merchant name (ID 59) and city (ID 60) limits of the EMV standard. */
export const MERCHANT_NAME_MAX_LENGTH = 25;
export const MERCHANT_CITY_MAX_LENGTH = 15;
/** The transaction id of a static code: up to 25 letters and digits; '***' when there is none. */
export const TXID_MAX_LENGTH = 25;
const NO_TXID = '***';

export interface BrCodeInput {
  /** The receiver's Pix key, already normalized (11-digit CPF, +55 phone, e-mail, random key). */
  key: string;
  /** The amount in cents; without it the payer types the amount. */
  amountCents?: number | null;
  merchantName: string;
  merchantCity: string;
  /** Letters and digits only, up to 25; '***' when absent. */
  txid?: string | null;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * Names and cities travel without accents and in plain ASCII (the payload's length
 * counts characters, and banking apps read the Latin alphabet), cut at the limit.
 */
export function brCodeText(value: string, maxLength: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}

/** CRC16-CCITT (polynomial 0x1021, initial value 0xFFFF), four uppercase hex digits, as the manual asks. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index += 1) {
    crc ^= (text.charCodeAt(index) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** 1234 cents -> '12.34' (the amount field uses a dot and two decimals). */
function amountText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A static BR Code for this key and amount, ready to copy or to draw as a QR code. */
export function buildBrCode(input: BrCodeInput): string {
  const txid = input.txid ? input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, TXID_MAX_LENGTH) || NO_TXID : NO_TXID;
  const amount = input.amountCents && input.amountCents > 0 ? field('54', amountText(input.amountCents)) : '';
  const payload = [
    field('00', '01'),
    field('26', field('00', PIX_GUI) + field('01', input.key)),
    field('52', '0000'),
    field('53', '986'),
    amount,
    field('58', 'BR'),
    field('59', brCodeText(input.merchantName, MERCHANT_NAME_MAX_LENGTH)),
    field('60', brCodeText(input.merchantCity, MERCHANT_CITY_MAX_LENGTH)),
    field('62', field('05', txid)),
    '6304',
  ].join('');
  return payload + crc16Ccitt(payload);
}

/** The transaction id of an order's code: 'VZ' and the first 23 hex digits of its id (the payer's bank shows it). */
export function orderTxid(orderId: string): string {
  return `VZ${orderId.replace(/-/g, '').slice(0, TXID_MAX_LENGTH - 2).toUpperCase()}`;
}

/** The transaction id of an order's deposit code: 'VC' (caução) and the same digits, so the two payments never read alike. */
export function depositTxid(orderId: string): string {
  return `VC${orderTxid(orderId).slice(2)}`;
}

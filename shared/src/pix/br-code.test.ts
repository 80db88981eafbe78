import { describe, expect, it } from 'vitest';
import { buildBrCode, crc16Ccitt, orderTxid } from './br-code.ts';
import { normalizePixKey, savePixKeySchema } from './pix-key.schema.ts';

// An independent reading of the payload: EMV TLV fields (2-digit id, 2-digit
// length, value), and the CRC recomputed bit by bit from its definition
// (CRC-16/CCITT-FALSE: poly x^16 + x^12 + x^5 + 1, init 0xFFFF, no reflection).
function decodeTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let position = 0;
  while (position < text.length) {
    const id = text.slice(position, position + 2);
    const length = Number.parseInt(text.slice(position + 2, position + 4), 10);
    if (!/^\d{2}$/.test(id) || Number.isNaN(length)) throw new Error(`malformed field at ${position}`);
    const value = text.slice(position + 4, position + 4 + length);
    if (value.length !== length) throw new Error(`field ${id} is shorter than its length`);
    fields.set(id, value);
    position += 4 + length;
  }
  return fields;
}

function referenceCrc(text: string): string {
  const bits: number[] = [];
  for (const char of text) {
    const byte = char.codePointAt(0)!;
    if (byte > 0x7f) throw new Error('a BR Code is plain ASCII');
    for (let i = 7; i >= 0; i -= 1) bits.push((byte >> i) & 1);
  }
  let register = 0xffff;
  for (const bit of bits) {
    const top = (register >> 15) & 1;
    register = (register << 1) & 0xffff;
    if (top ^ bit) register ^= 0x1021;
  }
  return register.toString(16).toUpperCase().padStart(4, '0');
}

function expectValidCrc(code: string) {
  expect(code.slice(-8, -4)).toBe('6304');
  expect(code.slice(-4)).toBe(referenceCrc(code.slice(0, -4)));
}

describe('the BR Code generator', () => {
  it("reproduces the Central Bank manual's static example byte for byte (same payload, same CRC 1D3D)", () => {
    // "Manual de Padrões para Iniciação do Pix", static QR code example.
    const manual =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    const code = buildBrCode({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' });
    expect(code).toBe(manual);
    expectValidCrc(manual);
  });

  it('computes the CRC-16/CCITT-FALSE check value of the standard test vector', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
    expect(referenceCrc('123456789')).toBe('29B1');
  });

  it("carries the order's key, exact amount, owner, city and transaction id, and decodes back", () => {
    const orderId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const code = buildBrCode({
      key: '+5511987654321',
      amountCents: 12_345,
      merchantName: 'Bruno Costa Lima',
      merchantCity: 'São Paulo',
      txid: orderTxid(orderId),
    });
    expectValidCrc(code);
    const fields = decodeTlv(code);
    expect([...fields.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('00')).toBe('01');
    const account = decodeTlv(fields.get('26')!);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe('+5511987654321');
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('123.45');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('Bruno Costa Lima');
    expect(fields.get('60')).toBe('Sao Paulo');
    expect(decodeTlv(fields.get('62')!).get('05')).toBe('VZ0F8FAD5BD9CB469FA165708');
  });

  it('writes cents with two decimals and cuts names and cities at the EMV limits without accents', () => {
    const fields = decodeTlv(
      buildBrCode({ key: 'ana@exemplo.com', amountCents: 5, merchantName: 'Maria da Conceição Albuquerque Gonçalves', merchantCity: 'São José dos Campos' }),
    );
    expect(fields.get('54')).toBe('0.05');
    expect(fields.get('59')).toBe('Maria da Conceicao Albuqu');
    expect(fields.get('60')).toBe('Sao Jose dos Ca');
    expect(decodeTlv(fields.get('62')!).get('05')).toBe('***');
  });

  it('gives each order its own transaction id of letters and digits', () => {
    const a = orderTxid('0f8fad5b-d9cb-469f-a165-70867728950e');
    const b = orderTxid('7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Z0-9]{25}$/);
  });
});

describe('Pix keys', () => {
  it('accepts each type in the forms people type and stores it as the Pix directory does', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('phone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '+55 11 3333-4444')).toBe('+551133334444');
    expect(normalizePixKey('email', ' Ana@Exemplo.com ')).toBe('ana@exemplo.com');
    expect(normalizePixKey('random', '123E4567-E12B-12D1-A456-426655440000')).toBe('123e4567-e12b-12d1-a456-426655440000');
  });

  it('refuses a key that does not match its type, with the message of that type', () => {
    expect(normalizePixKey('cpf', '529.982.247-24')).toBeNull();
    expect(normalizePixKey('cpf', 'ana@exemplo.com')).toBeNull();
    expect(normalizePixKey('phone', '98765-4321')).toBeNull();
    expect(normalizePixKey('email', '11987654321')).toBeNull();
    expect(normalizePixKey('random', '52998224725')).toBeNull();
    const result = savePixKeySchema.safeParse({ type: 'phone', key: 'ana@exemplo.com' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['key'], message: 'Telefone inválido. Informe DDD e número, como (11) 98765-4321.' });
  });
});

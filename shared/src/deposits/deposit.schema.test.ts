import { describe, expect, it } from 'vitest';
import { createListingSchema } from '../listings/listing.schema.ts';
import { PROBLEM_MESSAGES } from '../orders/order-problem.schema.ts';
import { answerDepositSchema } from './deposit-answer.schema.ts';
import { DEPOSIT_MESSAGES, depositLine, depositTextSchema, settleDepositSchema } from './deposit.schema.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

const ORDER_ID = '6f1c2a4e-0b1d-4c8e-9a57-3d2f1e0c9b8a';
const PHOTO_IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555', '66666666-6666-4666-8666-666666666666'];
const rental = { type: 'rental', title: 'Furadeira Bosch', description: 'Com maleta e brocas', priceCents: 1500 } as const;

describe("a rental listing's deposit", () => {
  it('is none when left out, and keeps R$ 0,00 to R$ 5.000,00 in cents', () => {
    expect(createListingSchema.parse(rental).depositCents).toBe(0);
    expect(createListingSchema.parse({ ...rental, depositCents: 20_000 }).depositCents).toBe(20_000);
    expect(createListingSchema.parse({ ...rental, depositCents: 500_000 }).depositCents).toBe(500_000);
  });

  it('refuses more than R$ 5.000,00, a negative amount or fractions of a cent', () => {
    for (const depositCents of [500_001, -1, 10.5, Number.NaN]) {
      expect(firstMessage(createListingSchema.safeParse({ ...rental, depositCents }))).toBe(DEPOSIT_MESSAGES.invalidAmount);
    }
  });

  it('is never asked by food or services (a deposit sent for them is dropped)', () => {
    const food = createListingSchema.parse({ type: 'food', title: 'Bolo', description: 'Caseiro', priceCents: 3500, depositCents: 20_000 });
    expect(food.depositCents).toBe(0);
  });

  it("reads the form's text: empty is none, '200' and 'R$ 1.500,00' are amounts, '-5' and '5.000,01' are refused", () => {
    expect(depositTextSchema.parse('')).toBe(0);
    expect(depositTextSchema.parse('  ')).toBe(0);
    expect(depositTextSchema.parse('200')).toBe(20_000);
    expect(depositTextSchema.parse('R$ 1.500,00')).toBe(150_000);
    expect(firstMessage(depositTextSchema.safeParse('-5'))).toBe(DEPOSIT_MESSAGES.invalidAmount);
    expect(firstMessage(depositTextSchema.safeParse('5.000,01'))).toBe(DEPOSIT_MESSAGES.invalidAmount);
    expect(firstMessage(depositTextSchema.safeParse('duzentos'))).toBe(DEPOSIT_MESSAGES.invalidAmount);
  });

  it('shows apart from the rent as the product words it', () => {
    expect(depositLine(20_000)).toBe('Caução: R$ 200,00, devolvida no fim');
  });
});

describe("the owner's record of the deposit", () => {
  it("accepts 'Caução devolvida' with no reason, and 'Caução retida' with an amount and a reason", () => {
    expect(settleDepositSchema.parse({ orderId: ORDER_ID, outcome: 'returned', reason: '  ' })).toEqual({ orderId: ORDER_ID, outcome: 'returned', reason: null, imageIds: [] });
    expect(settleDepositSchema.parse({ orderId: ORDER_ID, outcome: 'retained', retainedCents: 5_000, reason: ' Risco na pintura ', imageIds: PHOTO_IDS.slice(0, 5) })).toEqual({
      orderId: ORDER_ID,
      outcome: 'retained',
      retainedCents: 5_000,
      reason: 'Risco na pintura',
      imageIds: PHOTO_IDS.slice(0, 5),
    });
  });

  it('refuses a retention of zero or less, without a reason, or with a sixth photo', () => {
    const retained = { orderId: ORDER_ID, outcome: 'retained', retainedCents: 5_000, reason: 'Risco' } as const;
    for (const retainedCents of [0, -100]) expect(firstMessage(settleDepositSchema.safeParse({ ...retained, retainedCents }))).toMatch(/^O valor retido deve ser maior que zero/);
    expect(firstMessage(settleDepositSchema.safeParse({ ...retained, retainedCents: undefined }))).toBe(DEPOSIT_MESSAGES.retainedRequired);
    expect(firstMessage(settleDepositSchema.safeParse({ ...retained, reason: '   ' }))).toBe(DEPOSIT_MESSAGES.reasonRequired);
    expect(firstMessage(settleDepositSchema.safeParse({ ...retained, reason: undefined }))).toBe(DEPOSIT_MESSAGES.reasonRequired);
    expect(firstMessage(settleDepositSchema.safeParse({ ...retained, imageIds: PHOTO_IDS }))).toBe(DEPOSIT_MESSAGES.tooManyPhotos);
    expect(firstMessage(settleDepositSchema.safeParse({ ...retained, outcome: 'kept' }))).toBe(DEPOSIT_MESSAGES.outcomeRequired);
  });

  it("takes the requester's answer as 'accepted' or 'contested' only", () => {
    expect(answerDepositSchema.parse({ orderId: ORDER_ID, answer: 'accepted' })).toEqual({ orderId: ORDER_ID, answer: 'accepted' });
    expect(firstMessage(answerDepositSchema.safeParse({ orderId: ORDER_ID, answer: 'maybe' }))).toBe(DEPOSIT_MESSAGES.invalidAnswer);
  });

  it('asks a contest what happened, as a problem: the kind, the text and at most 5 photos', () => {
    const contest = { orderId: ORDER_ID, answer: 'contested', kind: 'damage', text: ' A broca já estava gasta ' } as const;
    expect(answerDepositSchema.parse(contest)).toEqual({ ...contest, text: 'A broca já estava gasta', photoIds: [] });
    expect(firstMessage(answerDepositSchema.safeParse({ orderId: ORDER_ID, answer: 'contested' }))).toBe(PROBLEM_MESSAGES.kindRequired);
    expect(firstMessage(answerDepositSchema.safeParse({ ...contest, text: '  ' }))).toBe(PROBLEM_MESSAGES.textRequired);
    expect(firstMessage(answerDepositSchema.safeParse({ ...contest, photoIds: PHOTO_IDS }))).toBe(PROBLEM_MESSAGES.tooManyPhotos);
  });
});

import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, loginSchema, signUpSchema, storedApartment } from './auth.schema.ts';
import { hideCpf, isValidCpf, maskCpf } from './cpf.ts';
import { maskPhone, whatsappLink } from './phone.ts';

const validSignUp = {
  fullName: 'Maria da Silva',
  cpf: '529.982.247-25',
  email: 'Maria@Example.com',
  phone: '(11) 98765-4321',
  block: 'A',
  apartment: '101',
  password: 'jardim-florido',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('CPF', () => {
  it('accepts valid check digits and refuses wrong ones', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
  });
  it('masks as 000.000.000-00 and stops at 11 digits', () => {
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('529982247251234')).toBe('529.982.247-25');
    expect(maskCpf('529982247251234').length).toBe(14);
  });
  it('hides the first and last digits of a stored CPF for its owner', () => {
    expect(hideCpf('52998224725')).toBe('•••.982.247-••');
    expect(hideCpf('')).toBe('•••.•••.•••-••');
  });
});

describe('phone', () => {
  it('masks mobile and landline numbers', () => {
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('11987654321999').length).toBe(15);
  });
  it('builds a wa.me link with the country code', () => {
    expect(whatsappLink('11987654321', 'Olá, Furadeira')).toBe('https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Furadeira');
  });
});

describe('signUpSchema', () => {
  it('normalises a valid sign-up', () => {
    const parsed = signUpSchema.parse(validSignUp);
    expect(parsed.cpf).toBe('52998224725');
    expect(parsed.email).toBe('maria@example.com');
    expect(parsed.phone).toBe('11987654321');
  });
  it('refuses a CPF with wrong check digits with the spec message', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...validSignUp, cpf: '529.982.247-26' }))).toBe('CPF inválido');
  });
  it('refuses short, long and common passwords', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...validSignUp, password: '12345' }))).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(firstMessage(signUpSchema.safeParse({ ...validSignUp, password: 'senha123' }))).toBe(AUTH_MESSAGES.passwordTooCommon);
  });
  it('limits block to 5 and apartment to 10 characters', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...validSignUp, block: '123456' }))).toBe(AUTH_MESSAGES.blockTooLong);
    expect(firstMessage(signUpSchema.safeParse({ ...validSignUp, apartment: '12345678901' }))).toBe(AUTH_MESSAGES.apartmentTooLong);
  });
  it('accepts an empty phone and refuses a short one', () => {
    expect(signUpSchema.parse({ ...validSignUp, phone: '' }).phone).toBeNull();
    expect(firstMessage(signUpSchema.safeParse({ ...validSignUp, phone: '1199' }))).toBe(AUTH_MESSAGES.phoneInvalid);
  });
});

describe('loginSchema', () => {
  it('requires e-mail and password', () => {
    expect(firstMessage(loginSchema.safeParse({ email: '', password: 'x' }))).toBe(AUTH_MESSAGES.emailRequired);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(AUTH_MESSAGES.passwordRequired);
  });
});

describe('storedApartment', () => {
  it('joins block and apartment when both are given', () => {
    expect(storedApartment('B', '204')).toBe('B-204');
    expect(storedApartment('', '204')).toBe('204');
    expect(storedApartment('B', '')).toBeNull();
  });
});

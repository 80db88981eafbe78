import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { isValidCpf, onlyDigits } from './cpf.ts';
import { isCommonPassword } from './common-passwords.ts';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  BLOCK_MAX_LENGTH,
  APARTMENT_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  AUTH_MESSAGES,
} from './auth.constants.ts';

// The Zod-free values live in auth.constants.ts.
export { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, BLOCK_MAX_LENGTH, APARTMENT_MAX_LENGTH, FULL_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, AUTH_MESSAGES };

const trimmed = z.string().trim();

export const emailSchema = trimmed
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ message: AUTH_MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong)
  .refine((password) => !isCommonPassword(password), AUTH_MESSAGES.passwordTooCommon);

export const cpfSchema = z
  .string()
  .transform(onlyDigits)
  .refine(isValidCpf, AUTH_MESSAGES.cpfInvalid);

/** Optional phone: empty means none; otherwise 10 or 11 digits, stored as digits only. */
export const phoneSchema = z
  .string()
  .max(15, AUTH_MESSAGES.phoneInvalid)
  .transform(onlyDigits)
  .refine((digits) => digits.length === 0 || digits.length === 10 || digits.length === 11, AUTH_MESSAGES.phoneInvalid)
  .transform((digits) => (digits.length === 0 ? null : digits));

export const signUpSchema = z.object({
  fullName: trimmed.min(1, AUTH_MESSAGES.fullNameRequired).max(FULL_NAME_MAX_LENGTH),
  cpf: cpfSchema,
  email: emailSchema,
  // prefault: the empty default still goes through the transforms (a bare default would store '' and break users_phone_check).
  phone: phoneSchema.prefault(''),
  block: trimmed.max(BLOCK_MAX_LENGTH, AUTH_MESSAGES.blockTooLong).default(''),
  apartment: trimmed.max(APARTMENT_MAX_LENGTH, AUTH_MESSAGES.apartmentTooLong).default(''),
  password: newPasswordSchema,
  /** The code of the invite link the person came through (personal invite or a resident's shareable link). */
  inviteCode: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((code) => (code ? code.toUpperCase() : null)),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.loginFailed),
});
export type LoginInput = z.input<typeof loginSchema>;

export const requestPasswordResetSchema = z.object({ email: emailSchema });
export const requestSignInLinkSchema = z.object({ email: emailSchema });
export const signInWithLinkSchema = z.object({
  token: z.string().min(20, AUTH_MESSAGES.signInLinkInvalid).max(200, AUTH_MESSAGES.signInLinkInvalid),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().min(20, AUTH_MESSAGES.resetInvalid).max(200, AUTH_MESSAGES.resetInvalid),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** Stored apartment: 'block-apartment' when both are given, otherwise the apartment alone (docs/product.md §4.2). */
export function storedApartment(block: string, apartment: string): string | null {
  const b = block.trim();
  const a = apartment.trim();
  if (b && a) return `${b}-${a}`;
  return a || null;
}

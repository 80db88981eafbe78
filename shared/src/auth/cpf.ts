/** CPF helpers: the mask shown while typing and the check-digit rule (docs/product.md). */

export const CPF_MASKED_MAX_LENGTH = 14;

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Formats up to 11 digits as 000.000.000-00 while the user types. */
export function maskCpf(value: string): string {
  const digits = onlyDigits(value).slice(0, 11);
  return digits
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

function checkDigit(digits: number[], weightStart: number): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** True for 11 digits (after stripping everything else) whose two check digits are right. */
export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 11) return false;
  // Repeated digits pass the arithmetic but are not real CPFs.
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const numbers = digits.split('').map(Number);
  const first = checkDigit(numbers.slice(0, 9), 10);
  const second = checkDigit(numbers.slice(0, 10), 11);
  return first === numbers[9] && second === numbers[10];
}

/** A stored CPF shown to its owner with the first and last digits hidden: •••.456.789-•• */
export function hideCpf(cpf: string): string {
  const digits = onlyDigits(cpf);
  if (digits.length !== 11) return '•••.•••.•••-••';
  return `•••.${digits.slice(3, 6)}.${digits.slice(6, 9)}-••`;
}

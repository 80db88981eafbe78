import { hash as oneShotHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random secret for a cookie or an e-mail link (256 bits). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as their SHA-256, so a leaked table opens nothing. One call, no Hash object:
 * every request with a session cookie hashes it, and the object cost more than the digest.
 */
export function sha256Hex(value: string): string {
  return oneShotHash('sha256', value, 'hex');
}

// OWASP's Argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the e-mail is unknown, so timing does not reveal who has an account. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(generateToken());
  return decoyHash;
}

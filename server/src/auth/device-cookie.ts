/**
 * The device cookie (OWASP "Slow down online guessing attacks with device cookies"):
 * a browser that signed in to an account keeps a random token; its owner signs in
 * past that account's lock, which then slows only the browsers that never got in.
 */
export const DEVICE_COOKIE_NAME = 'vz_device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The device cookie's token in a Cookie header: made once, every request reads it. */
const DEVICE_TOKEN_IN_HEADER = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE_NAME}=([A-Za-z0-9_-]{20,100})(?:;|$)`);

export function readDeviceToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const match = DEVICE_TOKEN_IN_HEADER.exec(cookieHeader);
  return match?.[1] ?? null;
}

export function deviceCookie(token: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE_NAME}=${token}`,
    'Path=/trpc',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

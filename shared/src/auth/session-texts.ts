// Kept apart from auth.constants.ts because every page's entry loads them (the trpc client
// and the sign-out hook): the whole AUTH_MESSAGES object would otherwise ride in the first screen.

/**
 * Procedures never sent in a tRPC batch: each call is one password guess or one
 * e-mail, counted on its own by the address the proxy saw. The server refuses
 * them in a batch or on the websocket; the client sends them alone.
 */
export const NEVER_BATCHED_PROCEDURES = [
  'auth.login',
  'auth.requestPasswordReset',
  'auth.resetPassword',
  'auth.signUp',
  'auth.changePassword',
  'auth.requestSignInLink',
  'auth.signInWithLink',
] as const;

export const LOGOUT_SUCCESS_MESSAGE = 'Logout realizado com sucesso!';

import {
  changePasswordSchema,
  loginSchema,
  requestPasswordResetSchema,
  requestSignInLinkSchema,
  resetPasswordSchema,
  signInWithLinkSchema,
  signUpSchema,
} from '@vizinhanca/shared/auth/auth.schema';
import { sessionUserSchema } from '@vizinhanca/shared/users/user.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { sessionUser } from '../users/users.service.ts';
import * as auth from './auth.service.ts';

export const authRouter = router({
  /** The signed-in user for the guards, or null. */
  me: publicProcedure.output(sessionUserSchema.nullable()).query(({ ctx }) => (ctx.user ? sessionUser(ctx.deps, ctx.user.id) : null)),

  signUp: publicProcedure
    .input(signUpSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => auth.signUp(ctx.deps, input, ctx)),

  login: publicProcedure
    .input(loginSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => auth.login(ctx.deps, input, ctx)),

  logout: authedProcedure.output(messageAnswerSchema).mutation(({ ctx }) => auth.logout(ctx.deps, ctx.session, ctx)),

  requestPasswordReset: publicProcedure
    .input(requestPasswordResetSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => auth.requestPasswordReset(ctx.deps, input.email, ctx.meta)),

  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => auth.resetPassword(ctx.deps, input, ctx)),

  /** A browser the account never saw gets in while the login is slowed by someone else's guesses. */
  requestSignInLink: publicProcedure
    .input(requestSignInLinkSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => auth.requestSignInLink(ctx.deps, input.email, ctx.meta)),

  signInWithLink: publicProcedure
    .input(signInWithLinkSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => auth.signInWithLink(ctx.deps, input.token, ctx)),

  changePassword: authedProcedure
    .input(changePasswordSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => auth.changePassword(ctx.deps, ctx.session, input)),
});

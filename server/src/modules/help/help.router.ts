import { helpContactsInputSchema, helpContactsSchema } from '@vizinhanca/shared/help/help.schema';
import { approvedProcedure, router } from '../../trpc.ts';
import { contacts } from './help.service.ts';

export const helpRouter = router({
  /** Ajuda (2.21): the front desk's phone, e-mail and WhatsApp as configured. */
  contacts: approvedProcedure
    .input(helpContactsInputSchema)
    .output(helpContactsSchema)
    .query(({ ctx }) => contacts(ctx.deps)),
});

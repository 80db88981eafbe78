import { exportRequestSchema, personalDataExportSchema } from '@vizinhanca/shared/privacy/privacy.schema';
import { authedProcedure, router } from '../../trpc.ts';
import { exportPersonalData } from './privacy.service.ts';

export const privacyRouter = router({
  /** 'Baixar meus dados': any signed-in person, even one not yet approved, may have a copy. */
  exportMine: authedProcedure
    .input(exportRequestSchema)
    .output(personalDataExportSchema)
    .query(({ ctx }) => exportPersonalData(ctx.deps, ctx.user.id)),
});

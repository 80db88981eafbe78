import { schemasOnDemand } from '../../lib/schemas-on-demand.ts';

/** The auth forms' shared schemas, loaded on the first focus (lib/schemas-on-demand.ts). */
export const authSchemas = schemasOnDemand(() => import('@vizinhanca/shared/auth/auth.schema'));

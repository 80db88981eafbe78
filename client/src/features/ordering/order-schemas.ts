import { schemasOnDemand } from '../../lib/schemas-on-demand.ts';

/** The order's shared schema, loaded on the dialog form's first focus (lib/schemas-on-demand.ts). */
export const orderSchemas = schemasOnDemand(() => import('@vizinhanca/shared/orders/order.schema'));

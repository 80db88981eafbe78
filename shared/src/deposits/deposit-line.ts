import { formatCurrency } from '../format/format.ts';

// The one deposit text the first screens show (the detail and the order dialog), alone in its
// module so those screens download nothing else of the deposit. deposit.constants.ts re-exports it.

/** 'Caução: R$ 200,00, devolvida no fim': the deposit apart from the rent, wherever a rental's price shows. */
export function depositLine(depositCents: number): string {
  return `Caução: ${formatCurrency(depositCents)}, devolvida no fim`;
}

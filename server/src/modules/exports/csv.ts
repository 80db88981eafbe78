import { formatCalendarDate, formatDate, formatTime } from '@vizinhanca/shared/format/format';

// CSV as a Brazilian spreadsheet opens it (decisions.md): UTF-8 with a BOM so
// accents survive, ';' between cells (',' is the decimal mark), dates dd/MM/yyyy,
// amounts 1.234,56. Digits that are not amounts (CPF, phone) go formatted
// (000.000.000-00, (11) 99999-9999), which a spreadsheet keeps as text: plain
// digits would become a number and lose the CPF's leading zero.

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

const amountFormatter = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 cents -> '1.234,56'. */
export function csvAmount(cents: number): string {
  return amountFormatter.format(cents / 100);
}

/** A moment as the condominium's calendar day, dd/MM/yyyy. */
export function csvDate(date: Date | null, timeZone: string): string {
  return date ? formatDate(date, timeZone) : '';
}

/** A moment in the condominium's time, dd/MM/yyyy HH:mm (a spreadsheet reads it as a date and time). */
export function csvDateTime(date: Date, timeZone: string): string {
  return `${formatDate(date, timeZone)} ${formatTime(date, timeZone)}`;
}

/** A calendar date 'YYYY-MM-DD' as dd/MM/yyyy. */
export function csvCalendarDate(isoDate: string | null): string {
  return isoDate ? formatCalendarDate(isoDate) : '';
}

/**
 * One cell: quoted when it holds the separator, a quote or a line break; a text
 * that a spreadsheet would run as a formula (=, +, -, @) is prefixed with an apostrophe.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? 'Sim' : 'Não') : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

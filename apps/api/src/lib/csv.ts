/**
 * CSV as spreadsheets read it (RFC 4180): cells with a comma, quote or line break are quoted,
 * quotes doubled, lines end with CRLF. Text that a spreadsheet would run as a formula
 * (starting with = + - @, or a tab or carriage return) gets a leading single quote, so a
 * customer's name can never become a formula in the shop owner's spreadsheet (the catalogue
 * import takes the quote off again).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers are written by us and never negative here; only text can carry a formula.
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

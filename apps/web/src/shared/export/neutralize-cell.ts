/**
 * Spreadsheet formula injection (brief §5): a text cell starting with = + - @, tab or CR may
 * be run as a formula by Excel/LibreOffice. A leading single quote makes it plain text.
 * Numbers stay numbers (a negative number is not a formula).
 */
const DANGEROUS_START = /^[=+\-@\t\r]/;

export function neutralizeCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  return DANGEROUS_START.test(value) ? `'${value}` : value;
}

export function neutralizeRow(row: readonly unknown[]): unknown[] {
  return row.map((cell) => neutralizeCell(cell));
}

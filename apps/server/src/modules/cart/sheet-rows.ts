import type { MessageKey } from '../../platform/messages';
import {
  isNumberHeader,
  isQtyHeader,
  isRemarkHeader,
  markedQty,
  numberReading,
  type ParsedLine,
} from './paste-parser';

/** Files may have a title or notes above the header row; it is looked for in this many rows. */
export const HEADER_SEARCH_ROWS = 10;

export type SheetCell = string | number | boolean | null | undefined;

/** Text of a cell as the buyer sees it; whole numbers without exponent or decimals. */
function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  }
  return String(cell).trim();
}

export type SheetLines = { ok: true; lines: ParsedLine[] } | { ok: false; message: MessageKey };

/**
 * Spreadsheet rows → the same parsed lines as pasted text. The header row is the first of the
 * first HEADER_SEARCH_ROWS rows with a cell named like the number column; the quantity and
 * remark columns are optional. Rows without a number are skipped (blank rows). A numeric
 * number cell (leading zeros lost) is tried with the zeros restored (numberKeys).
 * `firstRow` is the sheet row (1-based) of rows[0].
 */
export function sheetToLines(rows: readonly (readonly SheetCell[])[], firstRow = 1): SheetLines {
  const hasContent = rows.some((row) => row.some((cell) => cellText(cell) !== ''));
  if (!hasContent) return { ok: false, message: 'importNoData' };
  let headerIndex = -1;
  let numberColumn = -1;
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index++) {
    const column = (rows[index] ?? []).findIndex((cell) => typeof cell === 'string' && isNumberHeader(cell));
    if (column >= 0) {
      headerIndex = index;
      numberColumn = column;
      break;
    }
  }
  if (headerIndex < 0) return { ok: false, message: 'importNoNumberColumn' };
  const header = rows[headerIndex] ?? [];
  const find = (test: (text: string) => boolean) =>
    header.findIndex((cell) => typeof cell === 'string' && test(cell));
  const qtyColumn = find(isQtyHeader);
  const remarkColumn = find(isRemarkHeader);

  const lines: ParsedLine[] = [];
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index] ?? [];
    const input = cellText(row[numberColumn]);
    if (input === '') continue;
    const qtyText = qtyColumn >= 0 ? cellText(row[qtyColumn]) : '';
    lines.push({
      line: firstRow + index,
      interpretations: [
        numberReading(
          input,
          qtyText === '' ? null : (markedQty(qtyText) ?? qtyText),
          remarkColumn >= 0 ? cellText(row[remarkColumn]).slice(0, 200) : '',
        ),
      ],
      fallback: 0,
    });
  }
  if (lines.length === 0) return { ok: false, message: 'importNoData' };
  return { ok: true, lines };
}

import { parse } from 'csv-parse/sync';
import { refused } from '../../platform/errors';
import type { SheetCell } from '../cart/sheet-rows';
import { kindByMagic, readZipDirectory, SpreadsheetRejected } from '../cart/spreadsheet-guard';
import type { SpreadsheetReader } from '../cart/spreadsheet-reader';
import { detectDelimiter } from './import-files';

/**
 * A small back-office upload read whole in one request (a company's own part numbers, a names
 * file): .csv or .xlsx, the extension confirmed by the first bytes; an xlsx goes through the
 * buyers' import guards (zip directory here, XML parts and SheetJS in the worker thread, under
 * its memory and time limits). The large catalogue imports stream instead (import-files.ts).
 */
export interface SheetUpload {
  rows: SheetCell[][];
  /** The sheet row (1-based) of rows[0]. */
  firstRow: number;
  /** `"row:column"` indexes into rows of the cells holding a formula (xlsx, when asked for). */
  formulaCells: ReadonlySet<string>;
}

/** A header as compared: NFKC, lower case, without spaces and dashes. */
export const headerKey = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s-]/g, '');

/** A cell's text: whole numbers without exponent or decimals, texts trimmed. */
export function sheetCellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  return String(cell).trim();
}

export const cellKey = (row: number, column: number) => `${row}:${column}`;

/**
 * The file's rows through csv-parse, as the back office's file import reads them (same delimiter
 * rule: whichever of , ; tab the header uses most — Excel in Spanish saves with `;`).
 */
export function parseCsv(buffer: Buffer): string[][] {
  return parse(buffer, {
    bom: true,
    delimiter: detectDelimiter(buffer),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
  }) as string[][];
}

export async function readSheetUpload(
  upload: { filename: string; buffer: Buffer },
  reader: SpreadsheetReader,
  options: { formulas?: boolean } = {},
): Promise<SheetUpload> {
  const extension = /\.([a-z]+)$/i.exec(upload.filename.trim())?.[1]?.toLowerCase();
  const magic = kindByMagic(upload.buffer);
  if (extension === 'csv' || extension === 'txt') {
    if (magic !== null || upload.buffer.includes(0)) throw refused('sheetUploadWrongType');
    // Decoded only to refuse a file that is not UTF-8; csv-parse reads the same bytes.
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(upload.buffer);
    } catch {
      throw refused('sheetUploadNotUtf8');
    }
    return { rows: parseCsv(upload.buffer), firstRow: 1, formulaCells: new Set() };
  }
  if (extension !== 'xlsx') throw refused('sheetUploadWrongExtension');
  if (magic !== 'xlsx') throw refused('sheetUploadWrongType');
  try {
    readZipDirectory(upload.buffer);
  } catch (error) {
    if (error instanceof SpreadsheetRejected) throw refused('importExcelException');
    throw error;
  }
  const read = await reader.read(upload.buffer, 'xlsx', options);
  if (!read.ok) throw refused('importExcelException');
  return {
    rows: read.rows,
    firstRow: read.firstRow,
    formulaCells: new Set((read.formulaCells ?? []).map(([row, column]) => cellKey(row, column))),
  };
}

/** Rows per result of a row-by-row import (created, updated, unchanged, error). */
export function countRowResults<R extends 'created' | 'updated' | 'unchanged' | 'error'>(
  rows: ReadonlyArray<{ result: R }>,
) {
  const counts = { created: 0, updated: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.result]++;
  return counts;
}

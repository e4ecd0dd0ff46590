import { MAX_MY_NUMBER_ROWS } from '@partsportal/contract/customers';
import { parse } from 'csv-parse/sync';
import { refused } from '../../platform/errors';
import type { SheetCell } from '../cart/sheet-rows';
import { kindByMagic, readZipDirectory, SpreadsheetRejected } from '../cart/spreadsheet-guard';
import type { SpreadsheetReader } from '../cart/spreadsheet-reader';
import { detectDelimiter } from '../imports/import-files';

/** One data row of a my-number file, numbered as a spreadsheet shows it (header = its row). */
export interface MyNumberFileRow {
  row: number;
  brand: string;
  number: string;
  myNumber: string;
}

/** Header names accepted per column (case and spaces ignored), in the three languages. */
const HEADERS = {
  brand: ['brand', 'factory', '品牌', 'marca'],
  number: ['number', 'partnumber', 'partno', '编号', '零件号', 'número', 'numero'],
  myNumber: ['mynumber', 'my_number', '我的编号', '客户编号', 'minúmero', 'minumero'],
} as const;

const headerKey = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s-]/g, '');

function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  return String(cell).trim();
}

/**
 * The file's rows through csv-parse, as the back office's file import reads them (same delimiter
 * rule: whichever of , ; tab the header uses most — Excel in Spanish saves with `;`). The file is
 * at most MAX_MY_NUMBER_FILE_BYTES, so it is read whole.
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

/** Rows → the three columns, found by their header in the first non-empty row. */
export function myNumberRows(rows: readonly (readonly SheetCell[])[], firstRow = 1): MyNumberFileRow[] {
  // Counted before blank rows are dropped: the sheet reader stops one row past this limit, so
  // a longer xlsx arrives cut at MAX + 1 rows and is refused here, never half imported.
  if (rows.length > MAX_MY_NUMBER_ROWS)
    throw refused('myNumberImportTooManyRows', { max: MAX_MY_NUMBER_ROWS });
  const headerIndex = rows.findIndex((row) => row.some((cell) => cellText(cell) !== ''));
  if (headerIndex < 0) throw refused('myNumberImportNoData');
  const header = (rows[headerIndex] ?? []).map((cell) => headerKey(cellText(cell)));
  const column = (names: readonly string[]) => header.findIndex((text) => names.includes(text));
  const brand = column(HEADERS.brand);
  const number = column(HEADERS.number);
  const myNumber = column(HEADERS.myNumber);
  if (number < 0 || myNumber < 0) throw refused('myNumberImportColumns');
  const result: MyNumberFileRow[] = [];
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index] ?? [];
    const cells = {
      brand: brand < 0 ? '' : cellText(row[brand]),
      number: cellText(row[number]),
      myNumber: cellText(row[myNumber]),
    };
    if (cells.brand === '' && cells.number === '' && cells.myNumber === '') continue;
    result.push({ row: firstRow + index, ...cells });
  }
  if (result.length === 0) throw refused('myNumberImportNoData');
  return result;
}

/**
 * A .csv or .xlsx upload → its rows. The extension must agree with the first bytes; an xlsx goes
 * through the buyers' import guards (zip directory here, XML parts and SheetJS in the worker).
 */
export async function readMyNumberFile(
  upload: { filename: string; buffer: Buffer },
  reader: SpreadsheetReader,
): Promise<MyNumberFileRow[]> {
  const extension = /\.([a-z]+)$/i.exec(upload.filename.trim())?.[1]?.toLowerCase();
  const magic = kindByMagic(upload.buffer);
  if (extension === 'csv' || extension === 'txt') {
    if (magic !== null || upload.buffer.includes(0)) throw refused('myNumberImportWrongType');
    // Decoded only to refuse a file that is not UTF-8; csv-parse reads the same bytes.
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(upload.buffer);
    } catch {
      throw refused('myNumberImportNotUtf8');
    }
    return myNumberRows(parseCsv(upload.buffer));
  }
  if (extension !== 'xlsx') throw refused('myNumberImportWrongExtension');
  if (magic !== 'xlsx') throw refused('myNumberImportWrongType');
  try {
    readZipDirectory(upload.buffer);
  } catch (error) {
    if (error instanceof SpreadsheetRejected) throw refused('importExcelException');
    throw error;
  }
  const read = await reader.read(upload.buffer, 'xlsx');
  if (!read.ok) throw refused('importExcelException');
  return myNumberRows(read.rows, read.firstRow);
}

import { MAX_MY_NUMBER_ROWS } from '@partsportal/contract/customers';
import { refused } from '../../platform/errors';
import type { SheetCell } from '../cart/sheet-rows';
import type { SpreadsheetReader } from '../cart/spreadsheet-reader';
import { headerKey, readSheetUpload, sheetCellText as cellText } from '../imports/sheet-upload';

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

/** Rows → the three columns, found by their header in the first non-empty row. */
export function myNumberRows(rows: readonly (readonly SheetCell[])[], firstRow = 1): MyNumberFileRow[] {
  // Counted before blank rows are dropped: the sheet reader stops one row past this limit, so
  // a longer xlsx arrives cut at MAX + 1 rows and is refused here, never half imported.
  if (rows.length > MAX_MY_NUMBER_ROWS) throw refused('sheetUploadTooManyRows', { max: MAX_MY_NUMBER_ROWS });
  const headerIndex = rows.findIndex((row) => row.some((cell) => cellText(cell) !== ''));
  if (headerIndex < 0) throw refused('sheetUploadNoData');
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
  if (result.length === 0) throw refused('sheetUploadNoData');
  return result;
}

/** A .csv or .xlsx upload → its rows (sheet-upload.ts checks the type and reads it). */
export async function readMyNumberFile(
  upload: { filename: string; buffer: Buffer },
  reader: SpreadsheetReader,
): Promise<MyNumberFileRow[]> {
  const sheet = await readSheetUpload(upload, reader);
  return myNumberRows(sheet.rows, sheet.firstRow);
}

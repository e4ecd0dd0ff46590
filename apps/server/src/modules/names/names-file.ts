import { LANGUAGES, type Language } from '@partsportal/contract/codes';
import {
  MAX_NAMES_ROWS,
  NAME_FILE_COLUMNS,
  NAME_FILE_HEADERS,
  type NameFileColumn,
  type NameKind,
} from '@partsportal/contract/names';
import { refused } from '../../platform/errors';
import type { SpreadsheetReader } from '../cart/spreadsheet-reader';
import { reportXlsx } from '../imports/import-files';
import { cellKey, headerKey, readSheetUpload, sheetCellText } from '../imports/sheet-upload';

/** One data row of a names file, numbered as a spreadsheet shows it (header = its row). */
export interface NameFileRow {
  row: number;
  key: string;
  written: string;
  /** The languages whose column the file has; a language left out of the file is left alone. */
  names: Partial<Record<Language, string>>;
  /** Columns of the row (key or a language) holding a formula, as their header says. */
  formulaColumns: string[];
}

/** More ways people head the key column: an id, or the word itself. */
const KEY_ALIASES = ['id', 'word', 'term', '编号', '词', '词语', 'palabra', 'término', 'termino'];

/** Headers accepted per column: the export's headers in every language, and the column's code. */
const HEADERS = Object.fromEntries(
  NAME_FILE_COLUMNS.map((column) => [
    column,
    [
      column,
      ...LANGUAGES.map((language) => NAME_FILE_HEADERS[column][language]),
      ...(column === 'key' ? KEY_ALIASES : []),
    ].map(headerKey),
  ]),
) as Record<NameFileColumn, string[]>;

/**
 * The export writes a text that starts like a formula with a leading apostrophe
 * (neutralizeFormula); a file coming back has it removed, so a round trip changes nothing.
 */
const unneutralize = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** A names upload (.xlsx or .csv) → its rows, by the columns its header row names. */
export async function readNamesFile(
  upload: { filename: string; buffer: Buffer },
  reader: SpreadsheetReader,
): Promise<NameFileRow[]> {
  const sheet = await readSheetUpload(upload, reader, { formulas: true });
  // Counted before blank rows are dropped: the sheet reader stops one row past its own limit.
  if (sheet.rows.length > MAX_NAMES_ROWS) throw refused('sheetUploadTooManyRows', { max: MAX_NAMES_ROWS });
  const headerIndex = sheet.rows.findIndex((row) => row.some((cell) => sheetCellText(cell) !== ''));
  if (headerIndex < 0) throw refused('sheetUploadNoData');
  const header = (sheet.rows[headerIndex] ?? []).map((cell) => headerKey(sheetCellText(cell)));
  const column = (name: NameFileColumn) => header.findIndex((text) => HEADERS[name].includes(text));
  const keyColumn = column('key');
  const writtenColumn = column('written');
  const languageColumns = LANGUAGES.map((language) => [language, column(language)] as const).filter(
    ([, index]) => index >= 0,
  );
  if (keyColumn < 0 || languageColumns.length === 0) throw refused('namesImportColumns');

  const rows: NameFileRow[] = [];
  for (let index = headerIndex + 1; index < sheet.rows.length; index++) {
    const cells = sheet.rows[index] ?? [];
    const text = (at: number) => (at < 0 ? '' : unneutralize(sheetCellText(cells[at])));
    const row: NameFileRow = {
      row: sheet.firstRow + index,
      key: text(keyColumn),
      written: text(writtenColumn),
      names: Object.fromEntries(languageColumns.map(([language, at]) => [language, text(at)])),
      formulaColumns: [keyColumn, ...languageColumns.map(([, at]) => at)]
        .filter((at) => sheet.formulaCells.has(cellKey(index, at)))
        .map((at) => sheetCellText((sheet.rows[headerIndex] ?? [])[at])),
    };
    if (row.key === '' && row.written === '' && Object.values(row.names).every((name) => name === ''))
      continue;
    rows.push(row);
  }
  if (rows.length === 0) throw refused('sheetUploadNoData');
  return rows;
}

export interface NameExportRow {
  key: string;
  written: string;
  names: Partial<Record<Language, string>>;
}

/**
 * The names of one kind as xlsx: key, name as written, zh, en, es, headers in the caller's
 * language; cells that start like a formula are neutralized (reportXlsx).
 */
export function namesXlsx(kind: NameKind, rows: readonly NameExportRow[], language: Language): Buffer {
  return reportXlsx(
    NAME_FILE_COLUMNS.map((column) => NAME_FILE_HEADERS[column][language]),
    rows.map((row) => [row.key, row.written, ...LANGUAGES.map((lng) => row.names[lng] ?? '')]),
    kind,
  );
}

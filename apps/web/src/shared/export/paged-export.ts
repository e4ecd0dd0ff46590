import { neutralizeRow } from './neutralize-cell';

/** Server cap of a list page (contract MAX_PAGE_SIZE); an export pages through with it. */
export const EXPORT_PAGE_SIZE = 200;
/** A browser tab should not build a sheet of a million rows; beyond this the export stops. */
export const MAX_EXPORT_ROWS = 50_000;

export interface SheetSpec {
  name: string;
  rows: unknown[][];
}

/**
 * Writes an .xlsx with one sheet per spec; every row goes through the formula neutralizer.
 * SheetJS is imported here, on demand, so it never weighs on a page (or on /login).
 */
export async function writeXlsx(fileName: string, sheets: SheetSpec[]): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows.map(neutralizeRow)), sheet.name);
  }
  XLSX.writeFile(book, fileName, { compression: true });
}

export interface PagedExportOptions<T> {
  loadPage: (page: number, pageSize: number) => Promise<{ list: T[]; total: number }>;
  /** Rows a call; the server's cap by default. */
  pageSize?: number;
  header: string[];
  toRow: (item: T) => unknown[];
  fileName: string;
  sheetName: string;
  onProgress: (done: number, total: number) => void;
  isCancelled: () => boolean;
}

/**
 * Pages through a list call (`pageSize` rows a call) for the current filter and writes
 * the rows under `header`. Returns the row count, or null when cancelled.
 */
export async function exportPagedList<T>(options: PagedExportOptions<T>): Promise<number | null> {
  const rows: unknown[][] = [options.header];
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  for (let page = 1; ; page++) {
    const answer = await options.loadPage(page, pageSize);
    if (options.isCancelled()) return null;
    const total = Math.min(answer.total, MAX_EXPORT_ROWS);
    for (const item of answer.list) rows.push(options.toRow(item));
    options.onProgress(rows.length - 1, total);
    if (answer.list.length < pageSize || rows.length - 1 >= total) break;
  }
  if (options.isCancelled()) return null;
  await writeXlsx(options.fileName, [{ name: options.sheetName, rows: rows.slice(0, MAX_EXPORT_ROWS + 1) }]);
  return Math.min(rows.length - 1, MAX_EXPORT_ROWS);
}

import { neutralizeRow } from '@shared/export/neutralize-cell';
import { effectiveQty, type MatchRow } from './match-rows';

/** The result table as an .xlsx; SheetJS is imported on demand (never on the page or /login). */
export async function exportMatchRows(
  rows: readonly MatchRow[],
  options: {
    fileName: string;
    header: string[];
    sourceLabel: (row: MatchRow) => string;
    statusLabel: (row: MatchRow) => string;
  },
): Promise<void> {
  const table: unknown[][] = [neutralizeRow(options.header)];
  for (const row of rows) {
    table.push(
      neutralizeRow([
        options.sourceLabel(row),
        row.line,
        row.input,
        options.statusLabel(row),
        row.message,
        row.product?.number ?? '',
        row.product?.factory ?? '',
        row.product?.part_name ?? '',
        effectiveQty(row) ?? row.qty ?? '',
        row.product ? Number(row.product.price) : '',
        row.remark,
      ]),
    );
  }
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(table);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Result');
  XLSX.writeFile(book, options.fileName, { compression: true });
}

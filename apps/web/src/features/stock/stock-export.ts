import { catalogEndpoints } from '@partsportal/contract/catalog';
import { callEndpoint } from '@shared/api/client';
import { neutralizeRow } from '@shared/export/neutralize-cell';
import { EXPORT_PAGE_SIZE, toStockRequest, type StockFilters } from './stock-query';

/** A browser tab should not build a sheet of a million rows; beyond this the export stops. */
export const MAX_EXPORT_ROWS = 50_000;

export interface ExportColumns {
  number: string;
  partName: string;
  brand: string;
  unit: string;
  totalStock: string;
  available: string;
  price: string;
  currency: string;
}

/**
 * Pages through GetStockProductList for the current filters and writes an .xlsx. SheetJS is
 * imported here, on demand, so it never weighs on the page (or on /login).
 */
export async function exportStockList(options: {
  filters: StockFilters;
  stores: { id: number; name: string }[];
  columns: ExportColumns;
  fileName: string;
  onProgress: (done: number, total: number) => void;
  isCancelled: () => boolean;
}): Promise<number | null> {
  const { filters, stores, columns } = options;
  const header = [
    columns.number,
    columns.partName,
    columns.brand,
    columns.unit,
    ...stores.map((s) => s.name),
    columns.totalStock,
    columns.available,
    columns.price,
    columns.currency,
  ];
  const rows: unknown[][] = [neutralizeRow(header)];
  for (let page = 1; ; page++) {
    const answer = await callEndpoint(
      catalogEndpoints.getStockProductList,
      toStockRequest(filters, page, EXPORT_PAGE_SIZE),
    );
    if (options.isCancelled()) return null;
    const total = Math.min(answer.total, MAX_EXPORT_ROWS);
    for (const row of answer.list) {
      const byStore = new Map(row.stores.map((s) => [s.store_id, s.stock]));
      rows.push(
        neutralizeRow([
          row.number,
          row.part_name,
          row.factory,
          row.unit,
          ...stores.map((s) => byStore.get(s.id) ?? 0),
          row.stock,
          row.available_stock,
          Number(row.price),
          row.currency,
        ]),
      );
    }
    options.onProgress(rows.length - 1, total);
    if (answer.list.length < EXPORT_PAGE_SIZE || rows.length - 1 >= total) break;
  }
  const XLSX = await import('@e965/xlsx');
  if (options.isCancelled()) return null;
  const sheet = XLSX.utils.aoa_to_sheet(rows.slice(0, MAX_EXPORT_ROWS + 1));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Inventory');
  XLSX.writeFile(book, options.fileName, { compression: true });
  return rows.length - 1;
}

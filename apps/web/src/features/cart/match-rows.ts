import type { AddCartRequest, MatchLine, MatchProduct, MatchStatus } from '@partsportal/contract/cart';
import { MAX_QTY, roundToBuyQty } from '@shared/catalog/quantity';

export type MatchSource = 'paste' | 'file';

/** One line of the bulk-order result table, as the buyer adjusts it. */
export interface MatchRow {
  /** Unique in the table, also across several imports. */
  key: string;
  source: MatchSource;
  /** 1-based line of the pasted text or row of the spreadsheet. */
  line: number;
  input: string;
  /** The buyer's quantity; null = none given (buy_qty or 1 is used). */
  qty: number | null;
  /** The buyer typed a quantity (an invalid_qty line is usable only then). */
  qtyEdited: boolean;
  remark: string;
  status: MatchStatus;
  via: MatchLine['via'];
  /** The product that goes into the cart; for ambiguous / not_found lines the buyer's pick. */
  product: MatchProduct | null;
  /** The buyer picked `product` from the candidates or the suggestions. */
  picked: boolean;
  candidates: MatchProduct[];
  suggestions: MatchProduct[];
  mergedLines: number[];
  message: string;
  /** The number written was replaced; `product` is the newer part (decision 023). */
  replaces: MatchLine['replaces'];
  /** `product` is out of stock: equivalents in stock the buyer may take instead. */
  equivalents: MatchLine['equivalents'];
}

export function toMatchRow(line: MatchLine, source: MatchSource, batch: number): MatchRow {
  return {
    key: `${source}-${batch}-${line.line}`,
    source,
    line: line.line,
    input: line.input,
    qty: line.qty,
    qtyEdited: false,
    remark: line.remark,
    status: line.status,
    via: line.via,
    product: line.product,
    picked: false,
    candidates: line.candidates,
    suggestions: line.suggestions,
    mergedLines: line.merged_lines,
    message: line.message,
    replaces: line.replaces,
    equivalents: line.equivalents,
  };
}

/** A re-matched line (the buyer edited the number) keeps its place, source and quantity. */
export function replaceWithRematch(row: MatchRow, line: MatchLine): MatchRow {
  return {
    ...toMatchRow(line, row.source, 0),
    key: row.key,
    line: row.line,
    qty: row.qty,
    qtyEdited: row.qtyEdited,
    remark: row.remark || line.remark,
    mergedLines: row.mergedLines,
  };
}

/** The quantity that goes into the cart, rounded up to buy_qty; null when the row cannot go yet. */
export function effectiveQty(row: MatchRow): number | null {
  if (!row.product) return null;
  if (row.status === 'invalid_qty' && !row.qtyEdited) return null;
  if (row.qtyEdited && (row.qty === null || row.qty <= 0)) return null;
  return roundToBuyQty(row.qty, row.product.buy_qty);
}

export const isReady = (row: MatchRow): boolean => effectiveQty(row) !== null;

/**
 * The one BatchAddCart body of the ready rows. The same product on several rows (a pasted list
 * and a file) becomes one item with the quantities summed and the remarks joined.
 */
export function buildBatchItems(rows: readonly MatchRow[]): AddCartRequest[] {
  const byProduct = new Map<number, { qty: number; remarks: string[]; buyQty: number }>();
  for (const row of rows) {
    const qty = effectiveQty(row);
    if (qty === null || !row.product) continue;
    const item = byProduct.get(row.product.id) ?? { qty: 0, remarks: [], buyQty: row.product.buy_qty };
    item.qty += qty;
    const remark = row.remark.trim();
    if (remark && !item.remarks.includes(remark)) item.remarks.push(remark);
    byProduct.set(row.product.id, item);
  }
  return [...byProduct].map(([cpid, item]) => {
    const remark = item.remarks.join('; ').slice(0, 200);
    const qty = Math.min(item.qty, roundToBuyQty(MAX_QTY, item.buyQty));
    return remark ? { cpid, qty, remark } : { cpid, qty };
  });
}

export interface MatchSummary {
  total: number;
  ready: number;
  ambiguous: number;
  notFound: number;
  qtyProblem: number;
  merged: number;
}

/** Counts of the table as it is now (picks and edits included). */
export function summarize(rows: readonly MatchRow[]): MatchSummary {
  const summary: MatchSummary = {
    total: rows.length,
    ready: 0,
    ambiguous: 0,
    notFound: 0,
    qtyProblem: 0,
    merged: 0,
  };
  for (const row of rows) {
    summary.merged += row.mergedLines.length;
    if (isReady(row)) summary.ready++;
    else if (!row.product && row.status === 'ambiguous') summary.ambiguous++;
    else if (!row.product) summary.notFound++;
    else summary.qtyProblem++;
  }
  return summary;
}

/** Text sent to MatchPartNumbers to re-match one edited line: number, tab, quantity. */
export function rematchText(input: string, qty: number | null): string {
  const number = input.replace(/[\t\r\n]+/g, ' ').trim();
  return qty !== null && qty > 0 ? `${number}\t${qty}` : number;
}

/** Locale key (under bulk.status) of a row's status tag; `cross` says whether OE or brand number. */
export function statusKey(row: MatchRow): string {
  if (row.picked) return 'picked';
  if (row.status === 'cross') return row.via?.kind === 'brand_number' ? 'brand_number' : 'oe';
  return row.status;
}

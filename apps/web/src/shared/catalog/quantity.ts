/**
 * Order quantities. A product's `buy_qty` is its order multiple (0 = any quantity); the
 * server refuses quantities that are not multiples, so the inputs step by it and round up.
 */
export const MAX_QTY = 100_000;

export function qtyStep(buyQty: number): number {
  return buyQty > 0 ? buyQty : 1;
}

/** Rounds a typed quantity up to the next multiple of buy_qty, at least one multiple. */
export function roundToBuyQty(qty: number | null | undefined, buyQty: number): number {
  const step = qtyStep(buyQty);
  const wanted = typeof qty === 'number' && Number.isFinite(qty) && qty > 0 ? qty : step;
  const rounded = Math.ceil(wanted / step) * step;
  const cap = Math.floor(MAX_QTY / step) * step;
  return Math.min(rounded, cap);
}

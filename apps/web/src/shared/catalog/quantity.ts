/**
 * Order quantities. A product's `buy_qty` is its order multiple (0 = any quantity); the
 * server refuses quantities that are not multiples, so the inputs step by it and round up —
 * and say so (issue 17 item 6): a quantity never changes without a message.
 */
export const MAX_QTY = 100_000;

export function qtyStep(buyQty: number): number {
  return buyQty > 0 ? buyQty : 1;
}

/** The largest quantity a line may carry that is still a multiple of the step. */
export function maxQty(buyQty: number): number {
  const step = qtyStep(buyQty);
  return Math.floor(MAX_QTY / step) * step;
}

/** Rounds a typed quantity up to the next multiple of buy_qty, at least one multiple. */
export function roundToBuyQty(qty: number | null | undefined, buyQty: number): number {
  const step = qtyStep(buyQty);
  const wanted = typeof qty === 'number' && Number.isFinite(qty) && qty > 0 ? qty : step;
  const rounded = Math.ceil(wanted / step) * step;
  return Math.min(rounded, maxQty(buyQty));
}

/** Why a typed quantity was changed; null = taken as typed. */
export type QuantityChange = 'empty' | 'invalid' | 'below_min' | 'fraction' | 'multiple' | 'max';

export interface QuantityAdjustment {
  /** The quantity that is used. */
  qty: number;
  /** What the buyer typed, trimmed. */
  input: string;
  change: QuantityChange | null;
  /** The order multiple (1 when the product has none). */
  step: number;
  max: number;
}

/**
 * What a typed quantity becomes and why: "abc" → one step (invalid), "0" / "-5" → one step,
 * "2.5" → 3, "3" with an order multiple of 2 → 4, "99999999" → the per-line cap.
 */
export function adjustQuantity(
  typed: string | number | null | undefined,
  buyQty: number,
): QuantityAdjustment {
  const step = qtyStep(buyQty);
  const max = maxQty(buyQty);
  const input = typed === null || typed === undefined ? '' : String(typed).trim();
  const result = (qty: number, change: QuantityChange | null): QuantityAdjustment => ({
    qty,
    input,
    change,
    step,
    max,
  });
  if (input === '') return result(step, 'empty');
  // Plain decimal numbers only: "1e3", "0x10", "1,000" are not what a buyer means by a quantity.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(input)) return result(step, 'invalid');
  const value = Number(input);
  if (value < 1) return result(step, 'below_min');
  if (value > max) return result(max, 'max');
  const rounded = roundToBuyQty(value, buyQty);
  if (!Number.isInteger(value)) return result(rounded, 'fraction');
  if (rounded !== value) return result(rounded, 'multiple');
  return result(value, null);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The message that says what happened to a changed quantity, in the user's language; '' when nothing changed. */
export function quantityMessage(t: Translate, number: string, adjustment: QuantityAdjustment): string {
  if (adjustment.change === null) return '';
  return t(`quantity.${adjustment.change}`, {
    number,
    input: adjustment.input,
    qty: adjustment.qty,
    step: adjustment.step,
    max: adjustment.max,
  });
}

import { describe, expect, it } from 'vitest';
import { MAX_QTY, qtyStep, roundToBuyQty } from './quantity';

describe('roundToBuyQty', () => {
  it('keeps any positive whole quantity when buy_qty is 0', () => {
    expect(roundToBuyQty(7, 0)).toBe(7);
    expect(qtyStep(0)).toBe(1);
  });
  it('rounds up to the next multiple of buy_qty', () => {
    expect(roundToBuyQty(5, 4)).toBe(8);
    expect(roundToBuyQty(8, 4)).toBe(8);
    expect(roundToBuyQty(1, 6)).toBe(6);
  });
  it('rounds fractions up and falls back to one step for empty or invalid input', () => {
    expect(roundToBuyQty(2.2, 0)).toBe(3);
    expect(roundToBuyQty(null, 5)).toBe(5);
    expect(roundToBuyQty(0, 0)).toBe(1);
    expect(roundToBuyQty(-3, 2)).toBe(2);
    expect(roundToBuyQty(Number.NaN, 3)).toBe(3);
  });
  it('never exceeds the server cap and stays a multiple', () => {
    expect(roundToBuyQty(10_000_000, 0)).toBe(MAX_QTY);
    const capped = roundToBuyQty(10_000_000, 7);
    expect(capped % 7).toBe(0);
    expect(capped).toBeLessThanOrEqual(MAX_QTY);
  });
});

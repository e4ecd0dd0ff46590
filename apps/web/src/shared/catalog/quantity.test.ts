import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import zh from '../../locales/zh.json';
import { adjustQuantity, MAX_QTY, qtyStep, quantityMessage, roundToBuyQty } from './quantity';

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

describe('adjustQuantity', () => {
  it('takes a valid quantity as typed', () => {
    expect(adjustQuantity('4', 2)).toMatchObject({ qty: 4, change: null });
    expect(adjustQuantity(7, 0)).toMatchObject({ qty: 7, change: null });
  });
  it('says why a quantity changed (the cases of issue 17 item 6)', () => {
    expect(adjustQuantity('3', 2)).toMatchObject({ qty: 4, change: 'multiple', step: 2 });
    expect(adjustQuantity('99999999', 0)).toMatchObject({ qty: MAX_QTY, change: 'max' });
    expect(adjustQuantity('99999999', 7)).toMatchObject({ qty: 99_995, change: 'max', max: 99_995 });
    expect(adjustQuantity('0', 0)).toMatchObject({ qty: 1, change: 'below_min' });
    expect(adjustQuantity('-5', 3)).toMatchObject({ qty: 3, change: 'below_min' });
    expect(adjustQuantity('abc', 0)).toMatchObject({ qty: 1, change: 'invalid', input: 'abc' });
    expect(adjustQuantity('1e3', 0)).toMatchObject({ qty: 1, change: 'invalid' });
    expect(adjustQuantity('  ', 5)).toMatchObject({ qty: 5, change: 'empty' });
    expect(adjustQuantity(null, 0)).toMatchObject({ qty: 1, change: 'empty' });
    expect(adjustQuantity('2.5', 0)).toMatchObject({ qty: 3, change: 'fraction' });
  });
});

describe('quantityMessage', () => {
  const languages = { zh, en, es } as const;
  for (const [language, texts] of Object.entries(languages)) {
    it(`names the part, what was typed and what is used (${language})`, () => {
      const t = (key: string, options?: Record<string, unknown>) => {
        const template = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
        return String(template).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name]));
      };
      const multiple = quantityMessage(t, 'MD-370', adjustQuantity('3', 2));
      expect(multiple).toContain('MD-370');
      expect(multiple).toContain('3');
      expect(multiple).toContain('4');
      expect(multiple).toContain('2');
      expect(quantityMessage(t, 'MD-370', adjustQuantity('99999999', 0))).toContain('100000');
      expect(quantityMessage(t, 'MD-370', adjustQuantity('abc', 0))).toContain('abc');
      for (const typed of ['', '0', '2.5']) {
        expect(quantityMessage(t, 'MD-370', adjustQuantity(typed, 0))).not.toMatch(/\{\{|undefined/);
      }
      expect(quantityMessage(t, 'MD-370', adjustQuantity('4', 2))).toBe('');
    });
  }
});

import { describe, expect, it, vi } from 'vitest';
import { formatMoney, formatPercent, INTL_LOCALES } from './money-format';

// Intl separates code and number with a no-break space; the tests read it as a plain one.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('prints the same amount per language with its currency', () => {
    expect(plain(formatMoney('1696082.7400', 'CNY', INTL_LOCALES.es))).toBe('1.696.082,74 CNY');
    expect(plain(formatMoney('1696082.7400', 'CNY', INTL_LOCALES.en))).toBe('CNY 1,696,082.74');
    expect(plain(formatMoney('1696082.7400', 'CNY', INTL_LOCALES.zh))).toBe('CNY 1,696,082.74');
    expect(plain(formatMoney('15993.00', 'EUR', INTL_LOCALES.es))).toBe('15.993,00 EUR');
    expect(plain(formatMoney('2080.8', 'USD', INTL_LOCALES.en))).toBe('USD 2,080.80');
  });
  it('keeps every digit of a decimal string and rounds to cents', () => {
    expect(plain(formatMoney('12345678901234.125', 'CNY', 'en-US'))).toBe('CNY 12,345,678,901,234.13');
    expect(plain(formatMoney(0, 'CNY', 'en-US'))).toBe('CNY 0.00');
  });
  it('shows nothing for no amount and the raw text for a non-number', () => {
    expect(formatMoney('', 'EUR', 'en-US')).toBe('');
    expect(formatMoney(null, 'EUR', 'en-US')).toBe('');
    expect(formatMoney(undefined, 'EUR', 'en-US')).toBe('');
    expect(formatMoney('n/a', 'EUR', 'en-US')).toBe('n/a EUR');
  });
  it('formats without a currency, or with a non-ISO one after the number', () => {
    expect(formatMoney('1234.5', '', 'es-ES')).toBe('1234,50');
    expect(formatMoney('1234.5', 'rmb1', 'en-US')).toBe('1,234.50 RMB1');
  });
});

describe('formatPercent', () => {
  it('uses the language decimal separator', () => {
    expect(plain(formatPercent('23.3000', INTL_LOCALES.es))).toBe('23,3 %');
    expect(formatPercent('23.3000', INTL_LOCALES.en)).toBe('23.3%');
    expect(formatPercent('97.3700', INTL_LOCALES.zh)).toBe('97.37%');
    expect(formatPercent('100.0000', 'en-US')).toBe('100%');
    expect(formatPercent('', 'en-US')).toBe('');
  });
});

describe('the three interface locales written by rule, as Intl writes them', () => {
  // Intl on the exact decimal (a string; percent as "<rate>E-2"), the formatter before this one.
  // One Intl.NumberFormat per locale and currency: building one per amount made the 72,000
  // comparisons take 6.7 s on a busy CI machine, over the 5 s a test may take.
  const formats = new Map<string, Intl.NumberFormat>();
  // ~1 s alone; CI runs the suites side by side on two cores.
  const HEAVY_TEST_MS = 30_000;
  const intlFormat = (locale: string, options: Intl.NumberFormatOptions) => {
    const key = `${locale} ${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
    return format;
  };
  const intlMoney = (amount: string, currency: string, locale: string) => {
    const code = /^[A-Z]{3}$/.test(currency);
    const text = intlFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      ...(code ? { style: 'currency', currency, currencyDisplay: 'code' } : {}),
    }).format(amount as unknown as number);
    return code || !currency ? text : `${text} ${currency}`;
  };
  const intlPercent = (rate: string, locale: string) =>
    intlFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
      `${rate}E-2` as unknown as number,
    );

  // Pages pass the Intl locale or the bare language ('es'); both must match Intl.
  const LOCALES = [...Object.values(INTL_LOCALES), ...Object.keys(INTL_LOCALES)];

  /** Amounts as the database gives them and as people type them: every length, sign, rounding edge. */
  function amounts(): string[] {
    const list = [
      '0',
      '-0',
      '0.00',
      '-0.001',
      '0.005',
      '-0.005',
      '0.994',
      '0.995',
      '9.995',
      '999.995',
      '-999.995',
    ];
    list.push('1234.5', '12345.675', '99999.995', '999999.995', '.5', '5.', '+7.1', '007.30', '-.25');
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 3000; i++) {
      const digits = 1 + Math.floor(random() * 16);
      let integer = String(Math.floor(random() * 9) + 1);
      while (integer.length < digits) integer += String(Math.floor(random() * 10));
      const places = Math.floor(random() * 6);
      let fraction = '';
      while (fraction.length < places) fraction += String(Math.floor(random() * 10));
      // Every tenth: a fraction that ends on the rounding edge (…5, …95, …995).
      if (i % 10 === 0) fraction = `${fraction.slice(0, 1)}${'9'.repeat(i % 3)}5`;
      list.push(`${random() < 0.3 ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`);
    }
    return list;
  }

  it(
    'money: 3,000+ amounts × three locales (and bare languages) × a code, none and a non-ISO one',
    () => {
      const differences: string[] = [];
      for (const locale of LOCALES)
        for (const amount of amounts())
          for (const currency of ['CNY', 'EUR', '', 'RMB1']) {
            const ours = formatMoney(amount, currency, locale);
            const intl = intlMoney(amount, currency, locale);
            if (ours !== intl) differences.push(`${locale} ${amount} ${currency}: ${ours} ≠ ${intl}`);
          }
      expect(differences.slice(0, 10)).toEqual([]);
    },
    HEAVY_TEST_MS,
  );

  it(
    'percent: the same amounts as rates × three locales and bare languages',
    () => {
      const differences: string[] = [];
      for (const locale of LOCALES)
        for (const rate of amounts()) {
          const ours = formatPercent(rate, locale);
          const intl = intlPercent(rate, locale);
          if (ours !== intl) differences.push(`${locale} ${rate}: ${ours} ≠ ${intl}`);
        }
      expect(differences.slice(0, 10)).toEqual([]);
    },
    HEAVY_TEST_MS,
  );

  it('numbers as well as strings, and Intl for what the rule does not cover', () => {
    expect(plain(formatMoney(0.1 + 0.2, 'CNY', 'en-US'))).toBe('CNY 0.30');
    expect(plain(formatMoney(1e21, 'CNY', 'en-US'))).toBe('CNY 1,000,000,000,000,000,000,000.00');
    expect(plain(formatMoney('0x10', 'CNY', 'en-US'))).toBe('CNY 16.00');
    expect(plain(formatMoney('1234.5', 'EUR', 'de-DE'))).toBe('1.234,50 EUR');
    expect(formatPercent(12.5, 'en-US')).toBe('12.5%');
    expect(formatPercent('1.0050', 'en-US')).toBe('1.01%');
    expect(plain(formatPercent('1e2', 'es-ES'))).toBe('100 %');
  });

  it('never asks Intl for the interface locales (its first use loads ICU: a long task on a phone)', () => {
    const Original = Intl.NumberFormat;
    let created = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        created += 1;
      }
    }
    vi.stubGlobal('Intl', { ...Intl, NumberFormat: Counting });
    try {
      for (const locale of LOCALES) {
        formatMoney('98765.4321', 'USD', locale);
        formatMoney('-1', '', locale);
        formatPercent('97.3700', locale);
      }
      expect(created).toBe(0);
      formatMoney('1', 'EUR', 'fr-FR');
      expect(created).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

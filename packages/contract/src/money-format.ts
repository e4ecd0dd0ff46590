/**
 * The one formatter of money and percentages on every page and in every PDF (brief §9). Amounts come as decimal
 * strings ("27316.8000"); they are rounded as decimals, never through float arithmetic, and
 * printed with the currency, two decimals and the reader's grouping and decimal separator:
 * es "1.696.082,74 CNY", en "CNY 1,696,082.74".
 *
 * The interface's three locales are written here by rule, the same text Intl.NumberFormat prints
 * (money-format.test.ts compares them over thousands of amounts): a browser's first
 * Intl.NumberFormat loads its ICU data, 12–22 ms on a fast machine and 40–90 ms on a phone or this
 * project's 2-core machine — a long task on the first screen of every page with an amount (issue
 * 18, total blocking time). Other locales and inputs the rule does not cover (an exponent, a hex
 * literal) go to Intl as before.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const percentFormats = new Map<string, Intl.NumberFormat>();

const CURRENCY_CODE = /^[A-Z]{3}$/;
/** What Intl puts between a currency code or a percent sign and the number. */
const NO_BREAK_SPACE = '\u00a0';

interface LocaleRule {
  group: string;
  decimal: string;
  /** es: a four-digit integer part is not grouped ("1234,50"), five digits are ("12.345,00"). */
  minGroupingDigits: 1 | 2;
  /** en, zh: "CNY 1.00"; es: "1,00 CNY". */
  codeFirst: boolean;
  /** es: "85,5 %"; en, zh: "85.5%". */
  percentSpace: boolean;
}

const EN: LocaleRule = {
  group: ',',
  decimal: '.',
  minGroupingDigits: 1,
  codeFirst: true,
  percentSpace: false,
};
const ES: LocaleRule = {
  group: '.',
  decimal: ',',
  minGroupingDigits: 2,
  codeFirst: false,
  percentSpace: true,
};
/** By Intl locale and by bare language (pages pass either; Intl prints the same for both). */
const RULES: Readonly<Record<string, LocaleRule>> = {
  'en-US': EN,
  en: EN,
  'zh-CN': EN,
  zh: EN,
  'es-ES': ES,
  es: ES,
};

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

interface Rounded {
  /** A leading minus, kept for a value that rounds to zero ("-0.001" → "-0.00"), as Intl does. */
  negative: boolean;
  integer: string;
  fraction: string;
}

/**
 * A plain decimal string rounded half away from zero (Intl's default, halfExpand) to at most
 * `maxDigits` decimals and padded to `minDigits`; null for anything else.
 */
function roundDecimal(text: string, minDigits: number, maxDigits: number): Rounded | null {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match || (match[2] === '' && !match[3])) return null;
  let integer = (match[2] ?? '').replace(/^0+/, '');
  let fraction = match[3] ?? '';
  if (fraction.length > maxDigits) {
    const up = fraction.charCodeAt(maxDigits) >= 53; // '5' or more
    fraction = fraction.slice(0, maxDigits);
    if (up) {
      const digits = `${integer}${fraction}`.split('');
      let index = digits.length - 1;
      while (index >= 0 && digits[index] === '9') digits[index--] = '0';
      if (index >= 0) digits[index] = String(Number(digits[index]) + 1);
      else digits.unshift('1');
      const all = digits.join('');
      integer = all.slice(0, all.length - maxDigits);
      fraction = all.slice(all.length - maxDigits);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minDigits, '0');
  return { negative: match[1] === '-', integer: integer || '0', fraction };
}

function writeNumber({ integer, fraction }: Rounded, rule: LocaleRule): string {
  const grouped =
    integer.length >= 3 + rule.minGroupingDigits ? integer.replace(/\B(?=(\d{3})+$)/g, rule.group) : integer;
  return fraction ? `${grouped}${rule.decimal}${fraction}` : grouped;
}

function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // The ISO code, not a symbol: "¥" is both CNY and JPY, and a wholesaler bills in several.
      ...(CURRENCY_CODE.test(currency) ? { style: 'currency', currency, currencyDisplay: 'code' } : {}),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** An amount with its currency in the reader's locale; '' for no amount, the raw text for a non-number. */
export function formatMoney(
  amount: string | number | null | undefined,
  currency: string,
  locale: string,
): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const text = String(amount).trim();
  if (!Number.isFinite(Number(text))) return `${text} ${currency}`.trim();
  const upper = currency.trim().toUpperCase();
  const code = CURRENCY_CODE.test(upper);
  const rule = RULES[locale];
  const rounded = rule ? roundDecimal(text, 2, 2) : null;
  let formatted: string;
  if (rule && rounded) {
    const sign = rounded.negative ? '-' : '';
    const number = writeNumber(rounded, rule);
    if (!code) formatted = `${sign}${number}`;
    else if (rule.codeFirst) formatted = `${sign}${upper}${NO_BREAK_SPACE}${number}`;
    else formatted = `${sign}${number}${NO_BREAK_SPACE}${upper}`;
  } else {
    // A decimal string keeps every digit (Intl formats it exactly); the type only admits numbers.
    formatted = moneyFormat(locale, upper).format(text as unknown as number);
  }
  return code || !upper ? formatted : `${formatted} ${upper}`;
}

/**
 * A rate in percent ("85.5000" → en "85.5%", es "85,5 %"), rounded as a decimal to at most two
 * places ("1.0050" → "1.01%"; through a float it was 1.00499… and "1%").
 */
export function formatPercent(rate: string | number | null | undefined, locale: string): string {
  if (rate === null || rate === undefined || rate === '') return '';
  const value = Number(rate);
  if (!Number.isFinite(value)) return String(rate);
  const rule = RULES[locale];
  const rounded = rule ? roundDecimal(String(rate).trim(), 0, 2) : null;
  if (rule && rounded) {
    return `${rounded.negative ? '-' : ''}${writeNumber(rounded, rule)}${rule.percentSpace ? NO_BREAK_SPACE : ''}%`;
  }
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    percentFormats.set(locale, format);
  }
  return format.format(value / 100);
}

/** Intl locale of each interface language. */
export const INTL_LOCALES = { zh: 'zh-CN', en: 'en-US', es: 'es-ES' } as const;

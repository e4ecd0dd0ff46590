/**
 * Money in the generator is integer cents (exact in a JS number up to 2^53), formatted as the
 * decimal strings the numeric columns take; no binary fraction ever reaches the database.
 */

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** 12345 → "123.45", -5 → "-0.05". */
export function centsToString(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`cents must be a safe integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100, 2)}`;
}

/** Integer `value` in units of 10^-scale as a decimal string: (1234, 3) → "1.234". */
export function scaledToString(value: number, scale: number): string {
  const unit = 10 ** scale;
  return `${Math.floor(value / unit)}.${pad(value % unit, scale)}`;
}

/** cents × (perMille / 1000), rounded half up to a cent. */
export function applyPerMille(cents: number, perMille: number): number {
  return Math.floor((cents * perMille + 500) / 1000);
}

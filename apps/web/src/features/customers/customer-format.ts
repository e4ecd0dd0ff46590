/** A money string of the API ("50000.0000") as staff read it: grouped, two decimals. */
export function formatLimit(value: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return number.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

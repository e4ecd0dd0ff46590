/**
 * The search key of a part number: upper case, letters and digits only, so that
 * `04465-33450`, `0446533450`, `04465 33450` and `04465.33450` are one number, and
 * `1k0 698 151 b` finds `1K0 698 151 B`. Full-width forms (common when pasting from
 * Chinese documents) fold to ASCII first.
 */
export function normalizePartNumber(raw: string): string {
  return raw
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

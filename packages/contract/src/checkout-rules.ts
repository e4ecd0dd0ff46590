// What buyers type at the confirm step, checked the same way by the server's checkout service and
// the web's form. Kept apart from checkout.ts (the schemas) so the web's pages import the rule
// without zod (decision 031).

/**
 * The buyer's own order reference (PO number, issue 17 #15): optional, up to 40 characters of
 * letters (any script), digits, spaces and `- _ / . # : ( )`, starting with a letter or digit.
 * The schema only caps the size; the server checks the rest with a message naming the rule.
 */
export const MAX_PO_NUMBER_LENGTH = 40;
const PO_NUMBER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _\-/.#:()]*$/u;

/** What is wrong with a PO number as typed (trimmed first); null = fine or empty. */
export function poNumberProblem(value: string): 'too_long' | 'characters' | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if ([...trimmed].length > MAX_PO_NUMBER_LENGTH) return 'too_long';
  return PO_NUMBER_PATTERN.test(trimmed) ? null : 'characters';
}

// The address form's phone rule, checked the same way by the server's addresses service and the
// web's form. Kept apart from addresses.ts (the schemas) so the web imports it without zod
// (decision 031).

const MAINLAND_MOBILE = /^(?:\+86|0086)?1[3-9]\d{9}$/;
/** E.164: a plus sign, then 8 to 15 digits, the first not 0. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * The phone rule of the address form (spec §5 "Please enter the correct mobile phone number!"):
 * a mainland China mobile number (1[3-9] and 9 more digits, optionally after +86 or 0086) or an
 * international number in E.164 form. Spaces and hyphens are ignored. Shared by the web form and
 * the server so both say the same.
 */
export function isValidPhone(phone: string): boolean {
  const compact = phone.trim().replace(/[\s-]/g, '');
  // A +86 / 0086 number is a mainland one and must be a mobile, not just any E.164 number.
  if (/^(?:\+86|0086)/.test(compact)) return MAINLAND_MOBILE.test(compact);
  return MAINLAND_MOBILE.test(compact) || E164.test(compact);
}

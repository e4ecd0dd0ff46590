import type { NameKind } from './names';

// Rules of the names screen that the server's names service and the web's page share. Kept
// apart from names.ts (the schemas) so the web imports them without zod (decision 031).

/** Kinds keyed by the word as written (term_names); the others are rows keyed by id. */
export const TERM_NAME_KINDS = [
  'unit',
  'param',
  'param_value',
  'vehicle',
] as const satisfies readonly NameKind[];
export const isTermKind = (kind: NameKind): kind is (typeof TERM_NAME_KINDS)[number] =>
  (TERM_NAME_KINDS as readonly string[]).includes(kind);

export const TRACKING_URL_MAX_LENGTH = 300;
/** The placeholder a carrier's tracking link puts the waybill number in. */
export const TRACKING_NO_PLACEHOLDER = '{no}';
/** A tracking link as staff type it: '' (none) or an http(s) address holding `{no}` once or more. */
export const isTrackingUrl = (text: string): boolean =>
  text === '' ||
  (/^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(text) &&
    text.includes(TRACKING_NO_PLACEHOLDER) &&
    !/[\s<>"]/.test(text));

/**
 * Which columns a table shows, chosen by the user and kept per user and table in localStorage
 * (issue 17 item 2). Pure: the storage is passed in, so the rules are tested without a browser.
 */
export interface ChoiceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'pp_columns';

/** One key per table and user, so two people on one counter PC keep their own columns. */
export function columnChoiceKey(table: string, user: string): string {
  return `${PREFIX}:${table}:${user}`;
}

/**
 * The stored choice, cleaned: keys the table no longer has are dropped, required keys are
 * always in; nothing stored, unreadable JSON or an empty result → the defaults.
 */
export function readColumnChoice(
  storage: ChoiceStorage | null,
  key: string,
  allKeys: readonly string[],
  defaults: readonly string[],
  required: readonly string[] = [],
): string[] {
  let stored: unknown;
  try {
    const text = storage?.getItem(key) ?? null;
    stored = text === null ? null : JSON.parse(text);
  } catch {
    stored = null;
  }
  const known = Array.isArray(stored)
    ? stored.filter((k) => typeof k === 'string' && allKeys.includes(k))
    : [];
  const chosen = new Set<unknown>([...(known.length > 0 ? known : defaults), ...required]);
  return allKeys.filter((k) => chosen.has(k));
}

/** Saves the choice (in the table's column order); the defaults are stored as "no choice". */
export function writeColumnChoice(
  storage: ChoiceStorage | null,
  key: string,
  keys: readonly string[],
  allKeys: readonly string[],
  defaults: readonly string[],
): string[] {
  const ordered = allKeys.filter((k) => keys.includes(k));
  const isDefault = ordered.length === defaults.length && defaults.every((k) => ordered.includes(k));
  try {
    if (isDefault) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(ordered));
  } catch {
    // Private mode or a full storage: the choice holds for this page only.
  }
  return ordered;
}

/** localStorage when the browser lets us use it. */
export function browserStorage(): ChoiceStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

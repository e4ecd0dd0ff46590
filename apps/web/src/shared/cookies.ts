/** Minimal cookie helpers; a library would cost bytes on the lean /login route. */

/** Names of every stored preference (spec §3 "Stored preferences"). */
export const COOKIE = {
  token: 'pp_token',
  sidebar: 'pp_sidebar',
  language: 'pp_language',
  size: 'pp_size',
  theme: 'pp_theme',
  uniqueCode: 'pp_unique_code',
  userId: 'pp_user_id',
  apiUrl: 'pp_api_url',
} as const;

/** "Far future" for the language cookie (spec §9): ten years. */
export const FAR_FUTURE_DAYS = 3650;

export function getCookie(name: string): string | undefined {
  // Unit tests import the stores in Node, where there is no document.
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/**
 * Without `days` the cookie lives for the browser session. The token cookie is SameSite=Strict:
 * the server reads it on a page request to draw the signed-in first screen (decision 026), and
 * a page opened from another site must not be drawn with the user's data.
 */
export function setCookie(name: string, value: string, days?: number): void {
  const sameSite = name === COOKIE.token ? 'Strict' : 'Lax';
  let cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=${sameSite}`;
  if (days !== undefined) cookie += `; max-age=${Math.round(days * 86400)}`;
  document.cookie = cookie;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}

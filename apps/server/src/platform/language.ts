import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@partsportal/contract/codes';

/** `Lng` header → zh | en | es; accepts regional forms such as `en-US` or `zh-CN`. */
export function parseLanguage(header: string | string[] | undefined): Language {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/** The first language of an `Accept-Language` header (by q) that the portal speaks, if any. */
export function acceptedLanguage(header: string | string[] | undefined): Language | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { code: tag.trim().slice(0, 2), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && (LANGUAGES as readonly string[]).includes(entry.code))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.code as Language | undefined;
}

/**
 * The language of a page opened by a link (no client to send `Lng`): a `lng` query parameter,
 * else the `Lng` header, else the browser's `Accept-Language`, else the default.
 */
export function pageLanguage(
  query: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): Language {
  const fromQuery = query?.trim().toLowerCase().slice(0, 2);
  if ((LANGUAGES as readonly string[]).includes(fromQuery ?? '')) return fromQuery as Language;
  if (headers.lng !== undefined) return parseLanguage(headers.lng);
  return acceptedLanguage(headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

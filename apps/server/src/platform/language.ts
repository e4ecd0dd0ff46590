import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@partsportal/contract/codes';

/** `Lng` header → zh | en | es; accepts regional forms such as `en-US` or `zh-CN`. */
export function parseLanguage(header: string | string[] | undefined): Language {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

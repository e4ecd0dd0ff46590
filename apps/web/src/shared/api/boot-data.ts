import type { UserInfo } from '@partsportal/contract/auth';
import type { StaticConfig } from '@partsportal/contract/static-config';

/**
 * What the server puts into a signed-in page it draws (apps/server/src/web-hosting/
 * signed-in-first-screen.ts, decision 026): the static config, the user info and the language,
 * in `<script type="application/json" id="pp-boot">`. Start-up uses them instead of calling
 * static/config.json and GetUserInfo. Checked by hand (zod stays off the entry chunk); anything
 * odd reads as no boot data, and the client loads both as before.
 */
export interface BootData {
  config: StaticConfig;
  userInfo: UserInfo;
  language: string;
  /**
   * The page's first data request, answered with the page (the dashboard's figures, the product
   * detail: apps/server/src/web-hosting/page-first-answer.ts); the page's query takes it.
   */
  first?: { path: string; body: Record<string, never>; data: unknown };
}

function isFirstAnswer(value: unknown): value is NonNullable<BootData['first']> {
  if (typeof value !== 'object' || value === null) return false;
  const first = value as Record<string, unknown>;
  return (
    typeof first.path === 'string' &&
    first.path.startsWith('/') &&
    typeof first.body === 'object' &&
    first.body !== null &&
    Object.keys(first.body).length === 0 &&
    typeof first.data === 'object' &&
    first.data !== null
  );
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    isStringArray(info.menus) &&
    isStringArray(info.tags) &&
    isStringArray(info.roles) &&
    typeof info.name === 'string' &&
    typeof info.avatar === 'string' &&
    typeof info.company_name === 'string' &&
    typeof info.carts === 'number' &&
    typeof info.show_address === 'boolean' &&
    typeof info.product_detail_title_show_my_number === 'boolean' &&
    typeof info.two_factor === 'boolean' &&
    typeof info.must_change_password === 'boolean'
  );
}

function isConfig(value: unknown): value is StaticConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Record<string, unknown>;
  return (
    typeof config.apiUrl === 'string' &&
    config.apiUrl !== '' &&
    typeof config.account_id === 'number' &&
    Number.isInteger(config.account_id) &&
    config.account_id > 0
  );
}

/** Parses the boot data's text (the element's textContent); undefined when absent or malformed. */
export function parseBootData(text: string | null | undefined): BootData | undefined {
  if (!text) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { config, userInfo, language, first } = raw as Record<string, unknown>;
  if (!isConfig(config) || !isUserInfo(userInfo) || typeof language !== 'string') return undefined;
  return {
    config: { ...config, apiUrl: config.apiUrl.replace(/\/$/, '') },
    userInfo,
    language,
    // A malformed answer is dropped alone: the page asks for it as before.
    ...(isFirstAnswer(first) ? { first } : {}),
  };
}

/** The page's boot data, read once and then removed (it is only for start-up). */
export function takeBootData(): BootData | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById('pp-boot');
  const data = parseBootData(element?.textContent);
  element?.remove();
  return data;
}

import type { StaticConfig } from '@partsportal/contract/static-config';
import { COOKIE, setCookie } from '../cookies';

// Same as the contract's DEFAULT_ACCOUNT_ID (spec §9); importing auth.ts here would pull zod
// (~25 KB gzip) into the /login bundle.
const DEFAULT_CONFIG: StaticConfig = { apiUrl: '/api', account_id: 1 };

let current: StaticConfig = DEFAULT_CONFIG;

export function getStaticConfig(): StaticConfig {
  return current;
}

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string')
  );
}

/** The config the server put into a drawn page (boot-data.ts): no call needed. */
export function applyBootConfig(config: StaticConfig): StaticConfig {
  current = config;
  setCookie(COOKIE.apiUrl, current.apiUrl);
  return current;
}

/**
 * Spec §7: the base url is read at start from `../static/config.json`. Parsed by hand rather
 * than with the contract's zod schema so zod stays out of the /login bundle. A missing or
 * broken file falls back to the defaults (spec §9: default account_id 1, local api url).
 */
export async function loadStaticConfig(): Promise<StaticConfig> {
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}static/config.json`, { cache: 'no-cache' });
    if (response.ok) {
      const raw = (await response.json()) as Record<string, unknown>;
      current = {
        apiUrl:
          typeof raw.apiUrl === 'string' && raw.apiUrl
            ? raw.apiUrl.replace(/\/$/, '')
            : DEFAULT_CONFIG.apiUrl,
        account_id:
          typeof raw.account_id === 'number' && Number.isInteger(raw.account_id) && raw.account_id > 0
            ? raw.account_id
            : DEFAULT_CONFIG.account_id,
        ...(isRecordOfStrings(raw.homeTitle) ? { homeTitle: raw.homeTitle } : {}),
        ...(typeof raw.homeLogo === 'string' && raw.homeLogo ? { homeLogo: raw.homeLogo } : {}),
      };
    }
  } catch {
    // Keep the defaults: the login page still renders and API calls report their own errors.
  }
  setCookie(COOKIE.apiUrl, current.apiUrl);
  return current;
}

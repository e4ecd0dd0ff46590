/**
 * The reference lists the server tags with an ETag (apps/server/src/platform/etag.ts). They are
 * POST calls, which no browser cache keeps, so the client keeps the last answer of each (per
 * body, language and session) in sessionStorage and asks with If-None-Match: an unchanged list
 * comes back as an empty 304 and the stored answer is used — across page loads of the tab, not
 * only within one.
 */
export const ETAG_PATHS: ReadonlySet<string> = new Set([
  '/Web/GetAllAreas',
  '/Web/GetCatalogFilters',
  '/Web/GetVehicleTree',
]);

const PREFIX = 'pp_etag:';
/** Bigger answers are not worth a slot in sessionStorage (its ~5 MB are shared with the app). */
const MAX_STORED_CHARS = 512 * 1024;

export interface EtagEntry {
  tag: string;
  envelope: unknown;
}

/** FNV-1a: a short, stable mark of the session, so one user's lists never serve another. */
function sessionMark(token: string | null | undefined): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < (token ?? '').length; i++) {
    hash ^= (token ?? '').charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The storage key of a call, or undefined when the call is not a tagged reference list. */
export function etagKey(path: string, body: unknown, language: string, token: string | null | undefined) {
  if (!ETAG_PATHS.has(path) || typeof body !== 'string') return undefined;
  return `${PREFIX}${sessionMark(token)}:${language}:${path}:${body}`;
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage disabled: every call goes whole
  }
}

export function recallEtag(key: string, store = storage()): EtagEntry | undefined {
  try {
    const raw = store?.getItem(key);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as Partial<EtagEntry>;
    return typeof entry.tag === 'string' && 'envelope' in entry ? (entry as EtagEntry) : undefined;
  } catch {
    return undefined;
  }
}

export function rememberEtag(key: string, entry: EtagEntry, store = storage()): void {
  try {
    const text = JSON.stringify(entry);
    if (text.length <= MAX_STORED_CHARS) store?.setItem(key, text);
  } catch {
    // Quota full: the next call simply goes whole.
  }
}

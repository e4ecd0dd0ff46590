import type { z } from 'zod';
import type { Endpoint } from '@partsportal/contract/endpoint';
import type { Envelope } from '@partsportal/contract/common';
import { RELOGIN_CODES, ResultCode } from '@partsportal/contract/codes';
import { COOKIE, getCookie, removeCookie } from '../cookies';
import { t } from '../i18n/i18n';
import { useSettingsStore } from '../stores/settings-store';
import { isUnhandledApiCode, useErrorLogStore } from '../stores/error-log-store';
import { feedback, toastError } from '../ui/feedback';
import { etagKey, recallEtag, rememberEtag } from './etag-cache';
import { getStaticConfig } from './static-config';

/** Spec §7/§9. */
export const REQUEST_TIMEOUT_MS = 5000;
const OK = 200;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** Result code of the answer; 0 for network errors and timeouts. */
    readonly code: number,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** Do not toast; the caller shows the error itself. Relogin dialogs still appear. */
  silent?: boolean;
  /** Set false where a dead token is handled otherwise (the guard logs out by itself). */
  relogin?: boolean;
  /** Extra headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Default REQUEST_TIMEOUT_MS (spec §7); uploads wait longer. */
  timeoutMs?: number;
  /**
   * The caller no longer wants the answer (TanStack Query aborts a search a newer keystroke
   * replaced): the request is cancelled, rejects with the signal's reason, no toast, no log.
   */
  signal?: AbortSignal;
}

let reloginDialogOpen = false;

/**
 * The back office's calls (`/Admin/…`) carry the staff token, kept apart from the buyer's
 * cookie; the admin shell registers it (shared/stores/staff-session.ts), so nothing of the back
 * office is in the buyer's bundle. Without it an `/Admin/` call goes out without a token.
 */
export interface StaffAuth {
  token: () => string | null;
  /** 50008/50012/50014 on a staff call: the staff session is gone. */
  signedOut: () => void;
  /** 40011: the password is done but the second factor is not. */
  secondFactorNeeded: () => void;
}
let staffAuth: StaffAuth | null = null;
export const registerStaffAuth = (auth: StaffAuth) => {
  staffAuth = auth;
};
const STAFF_PREFIX = '/Admin/';

/** Spec §8: "you have been logged out" — stay, or log in again (forced local logout + reload). */
function showReloginDialog(): void {
  if (reloginDialogOpen) return;
  reloginDialogOpen = true;
  void feedback.modal.confirm({
    title: t('relogin.title'),
    content: t('relogin.content'),
    okText: t('relogin.ok'),
    cancelText: t('common.cancel'),
    onOk: () => {
      removeCookie(COOKIE.token);
      location.reload();
    },
    afterClose: () => {
      reloginDialogOpen = false;
    },
  });
}

/** An endpoint path with its `{name}` parameters filled in (`/Web/GetCartList/{n}` → `/Web/GetCartList/0`). */
export function fillPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** POST `${apiUrl}${path}` with Token and Lng headers; resolves with `data` of a code-200 answer. */
export function request<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, JSON.stringify(body ?? {}), 'application/json', options);
}

/**
 * POST a body as is (JSON text, or FormData with its own multipart boundary when contentType
 * is null) with the Token and Lng headers and the error handling of every call.
 */
export async function send<T>(
  path: string,
  body: BodyInit,
  contentType: string | null,
  options: RequestOptions = {},
): Promise<T> {
  const { language } = useSettingsStore.getState();
  const headers: Record<string, string> = { ...options.headers, Lng: language };
  if (contentType) headers['Content-Type'] = contentType;
  const staff = path.startsWith(STAFF_PREFIX);
  const token = staff ? staffAuth?.token() : getCookie(COOKIE.token);
  if (token) headers.Token = token;
  const log = useErrorLogStore.getState().add;

  let envelope: Envelope<T>;
  // One signal for the timeout and the caller's cancel (AbortSignal.any is too new for the
  // phones of spec §1's buyers); it also covers reading the body.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );
  const cancel = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', cancel, { once: true });
  // A reference list answered before: ask whether it changed (etag-cache.ts).
  const etag = etagKey(path, body, language, token);
  const stored = etag ? recallEtag(etag) : undefined;
  if (stored) headers['If-None-Match'] = stored.tag;
  try {
    const response = await fetch(`${getStaticConfig().apiUrl}${path}`, {
      method: 'POST',
      headers,
      body,
      signal: controller.signal,
    });
    if (response.status === 304 && stored) envelope = stored.envelope as Envelope<T>;
    else {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      envelope = (await response.json()) as Envelope<T>;
      const tag = response.headers.get('ETag');
      if (etag && tag && envelope.code === OK) rememberEtag(etag, { tag, envelope });
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    const timedOut =
      error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const text = timedOut
      ? t('errors.timeout')
      : `${t('errors.network')} (${error instanceof Error ? error.message : String(error)})`;
    log({ kind: 'network', message: text, where: path });
    if (!options.silent) toastError(text);
    throw new ApiError(text, 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }

  if (envelope.code !== OK) {
    const text = envelope.msg || t('errors.unknown');
    if (isUnhandledApiCode(envelope.code))
      log({ kind: 'api', message: text, where: path, code: envelope.code });
    if (!options.silent) toastError(text);
    if (staff) {
      // No dialog in the back office: its guard sends the member to /admin/login.
      if (RELOGIN_CODES.includes(envelope.code)) staffAuth?.signedOut();
      else if (envelope.code === ResultCode.secondFactorRequired) staffAuth?.secondFactorNeeded();
    } else if (options.relogin !== false && RELOGIN_CODES.includes(envelope.code)) showReloginDialog();
    throw new ApiError(text, envelope.code);
  }
  return envelope.data;
}

export type PathParams = Record<string, string | number>;

/** Typed call of a contract endpoint: body and answer types come from its zod schemas. */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  body?: z.input<E['body']>,
  options?: RequestOptions & { params?: PathParams },
): Promise<z.output<E['data']>> {
  return request<z.output<E['data']>>(fillPath(endpoint.path, options?.params), body, options);
}

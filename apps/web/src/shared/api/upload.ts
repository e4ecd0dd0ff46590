import { send, type RequestOptions } from './client';

/** Uploads parse on the server; they may take longer than the 5 s of ordinary calls. */
export const UPLOAD_TIMEOUT_MS = 30_000;

/**
 * POST one file as multipart/form-data (`field`), with the Token and Lng headers and the
 * error handling of every other call (toast, error log, relogin dialog).
 */
export function uploadFile<T>(
  path: string,
  field: string,
  file: Blob,
  options: RequestOptions = {},
): Promise<T> {
  const form = new FormData();
  form.append(field, file, file instanceof File ? file.name : 'upload');
  return send<T>(path, form, null, { timeoutMs: UPLOAD_TIMEOUT_MS, ...options });
}

import type { Envelope } from '@partsportal/contract/common';
import {
  IMPORT_UPLOAD_FILE_FIELD,
  IMPORT_UPLOAD_PATH,
  type ImportKind,
  type ImportStatus,
} from '@partsportal/contract/imports';
import { getStaticConfig } from '@shared/api/static-config';
import { useSettingsStore } from '@shared/stores/settings-store';
import { useStaffSession } from '@shared/stores/staff-session';

/** The server's default IMPORT_MAX_BYTES; the server refuses a larger file with its own message too. */
export const IMPORT_MAX_MB = 200;

export type UploadAnswer = ImportStatus & { mapping: Array<string | null> };

export class UploadError extends Error {
  override name = 'UploadError';
}

/**
 * The back office's file upload. XMLHttpRequest, not fetch: fetch reports no upload progress,
 * and a 200 MB file takes a while. No timeout (the 5 s of the other calls would cut it off).
 * A refusal carries the server's message, already in the member's language (Lng header).
 */
export function uploadImportFile(
  kind: ImportKind,
  file: File,
  onProgress: (percent: number) => void,
): { done: Promise<UploadAnswer>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadAnswer>((resolve, reject) => {
    xhr.open('POST', `${getStaticConfig().apiUrl}${IMPORT_UPLOAD_PATH}?kind=${kind}`);
    xhr.setRequestHeader('Lng', useSettingsStore.getState().language);
    const token = useStaffSession.getState().token;
    if (token) xhr.setRequestHeader('Token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let envelope: Envelope<UploadAnswer> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<UploadAnswer>;
      } catch {
        // Not JSON: a proxy's error page; answered below with the HTTP status.
      }
      if (envelope?.code === 200) resolve(envelope.data);
      else reject(new UploadError(envelope?.msg || `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new UploadError('network'));
    xhr.onabort = () => reject(new UploadError('aborted'));
    const form = new FormData();
    form.append(IMPORT_UPLOAD_FILE_FIELD, file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

import type { Envelope } from '@partsportal/contract/common';
import { useSettingsStore } from '@shared/stores/settings-store';
import { useStaffSession } from '@shared/stores/staff-session';
import { getStaticConfig } from './static-config';

export class DownloadError extends Error {
  override name = 'DownloadError';
}

/**
 * Downloads a file of a staff GET route (template, report): fetched with the Token header and
 * saved from a blob, because a staff token never goes in a URL (it would land in logs and history).
 */
export async function downloadFile(path: string, query: Record<string, string>, fallbackName: string) {
  const response = await fetch(
    `${getStaticConfig().apiUrl}${path}?${new URLSearchParams(query).toString()}`,
    {
      headers: { Token: useStaffSession.getState().token ?? '', Lng: useSettingsStore.getState().language },
    },
  );
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    const answer = type.includes('json') ? ((await response.json()) as Envelope<null>) : null;
    throw new DownloadError(answer?.msg ?? `HTTP ${response.status}`);
  }
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(
    response.headers.get('content-disposition') ?? '',
  );
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = named ? decodeURIComponent(named[1]!) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

import { useCallback, useEffect, useState } from 'react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useSettingsStore } from '../stores/settings-store';
import { loadDayjsLocale } from './antd-locale';

dayjs.extend(localizedFormat);

/**
 * Dates in the user's language ("2014年7月19日", "July 19, 2014", "19 de julio de 2014").
 * The layout loads dayjs's locale asynchronously; a page that renders first would keep the
 * English month names, so this hook waits for the locale and renders again.
 */
export function useFormatDate(): (unixSeconds: number) => string {
  const language = useSettingsStore((s) => s.language);
  const [readyFor, setReadyFor] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadDayjsLocale(language).then(() => {
      if (live) setReadyFor(language);
    });
    return () => {
      live = false;
    };
  }, [language]);
  // Stable between renders, so tables can memoize the columns that format dates.
  return useCallback(
    (unixSeconds: number) => dayjs.unix(unixSeconds).format(readyFor === language ? 'LL' : 'YYYY-MM-DD'),
    [readyFor, language],
  );
}

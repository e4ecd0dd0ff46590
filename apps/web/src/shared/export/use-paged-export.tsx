import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { exportPagedList, type PagedExportOptions } from './paged-export';
import { useFeedback } from '@shared/ui/feedback';
import { onDemand, useOnDemandShown } from '@shared/ui/on-demand';

// antd's Modal and Progress (~10 KB gzip) come with the first export, not with every list page.
const ExportProgressDialog = onDemand(() => import('./export-progress-dialog'));

type StartOptions<T> = Pick<
  PagedExportOptions<T>,
  'loadPage' | 'pageSize' | 'header' | 'toRow' | 'sheetName' | 'fileName'
>;

/**
 * Export of a list's current filter with a progress modal; closing the modal cancels.
 * Returns `start(options)`, whether an export runs, and the modal element to render.
 */
export function usePagedExport(): {
  start: <T>(options: StartOptions<T>, expectedTotal: number) => Promise<void>;
  running: boolean;
  modal: ReactNode;
} {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const cancelled = useRef(false);

  const start = async <T,>(options: StartOptions<T>, expectedTotal: number) => {
    cancelled.current = false;
    setProgress({ done: 0, total: expectedTotal });
    try {
      const count = await exportPagedList({
        ...options,
        onProgress: (done, total) => setProgress({ done, total }),
        isCancelled: () => cancelled.current,
      });
      if (count !== null) void message.success(t('stock.exported', { count }));
    } catch {
      // A failed page was toasted by the API client.
    } finally {
      setProgress(null);
    }
  };

  const cancel = () => {
    cancelled.current = true;
    setProgress(null);
  };
  // The dialog cannot come (no connection): the export stops, as if it were closed; the toast says why.
  const shown = useOnDemandShown(ExportProgressDialog, progress !== null, cancel);
  const modal = shown ? <ExportProgressDialog progress={progress} onCancel={cancel} /> : null;
  return { start, running: progress !== null, modal };
}

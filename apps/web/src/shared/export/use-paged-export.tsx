import { useRef, useState, type ReactNode } from 'react';
import { Modal, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportPagedList, type PagedExportOptions } from './paged-export';
import { useFeedback } from '@shared/ui/feedback';

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

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const modal = (
    <Modal
      open={progress !== null}
      title={t('recordList.exporting')}
      footer={null}
      maskClosable={false}
      onCancel={() => {
        cancelled.current = true;
        setProgress(null);
      }}
    >
      <Progress percent={percent} status="active" />
      <p className="muted">
        {t('stock.exportProgress', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
      </p>
    </Modal>
  );
  return { start, running: progress !== null, modal };
}

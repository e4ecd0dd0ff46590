import { Modal, Progress } from 'antd';
import { useTranslation } from 'react-i18next';

/** The export's progress; closing it cancels (shared/export/use-paged-export.tsx). */
export default function ExportProgressDialog({
  progress,
  onCancel,
}: {
  progress: { done: number; total: number } | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Modal
      open={progress !== null}
      title={t('recordList.exporting')}
      footer={null}
      maskClosable={false}
      onCancel={onCancel}
    >
      <Progress percent={percent} status="active" />
      <p className="muted">
        {t('stock.exportProgress', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
      </p>
    </Modal>
  );
}

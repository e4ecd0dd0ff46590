import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore, type ErrorLogEntry } from '@shared/stores/error-log-store';

export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useErrorLogStore((s) => s.entries);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('errorLog.title')}
      width={800}
      footer={[
        <Button key="clear" onClick={() => useErrorLogStore.getState().clear()}>
          {t('errorLog.clear')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      <Table<ErrorLogEntry>
        rowKey="id"
        size="small"
        dataSource={entries}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 600 }}
        columns={[
          {
            title: t('errorLog.time'),
            dataIndex: 'time',
            width: 170,
            render: (v: number) => new Date(v).toLocaleString(),
          },
          { title: t('errorLog.where'), dataIndex: 'where', width: 180 },
          { title: t('errorLog.code'), dataIndex: 'code', width: 80 },
          { title: t('errorLog.message'), dataIndex: 'message' },
        ]}
      />
    </Modal>
  );
}

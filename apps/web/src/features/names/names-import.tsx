import { useState } from 'react';
import { Alert, Button, Modal, Radio, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  NAMES_APPLY_FIELD,
  NAMES_FILE_FIELD,
  NAMES_IMPORT_PATH,
  NAMES_KIND_FIELD,
  namesEndpoints,
  type NameImportResult,
  type NameImportResultKind,
  type NameKind,
} from '@partsportal/contract/names';
import { send } from '@shared/api/client';
import { invalidateEndpoints } from '@shared/api/server-state';
import { UPLOAD_TIMEOUT_MS } from '@shared/api/upload';

const RESULT_COLORS: Record<NameImportResultKind, string> = {
  created: 'green',
  updated: 'blue',
  unchanged: 'default',
  error: 'red',
};

/** Sends a names file: `kind` and `apply` first, then the file, as the server reads them. */
export function uploadNames(kind: NameKind, file: File, apply: boolean): Promise<NameImportResult> {
  const form = new FormData();
  form.append(NAMES_KIND_FIELD, kind);
  form.append(NAMES_APPLY_FIELD, String(apply));
  form.append(NAMES_FILE_FIELD, file, file.name);
  return send<NameImportResult>(NAMES_IMPORT_PATH, form, null, {
    timeoutMs: UPLOAD_TIMEOUT_MS,
    silent: true,
  }).finally(() => {
    if (apply) void invalidateEndpoints(namesEndpoints.list);
  });
}

export interface NamesImportState {
  kind: NameKind;
  file: File;
  result?: NameImportResult;
  failure?: string;
  applying?: boolean;
}

/**
 * The preview of a names file (what each row would do: created, updated, unchanged, or refused
 * with the server's reason), then Apply, which sends the same file again to be written. Rows in
 * error are skipped by Apply, as the preview says.
 */
export function NamesImport({
  state,
  onApply,
  onClose,
}: {
  state: NamesImportState;
  onApply: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { result, failure } = state;
  const [show, setShow] = useState<'all' | 'error'>('all');
  const rows = (result?.rows ?? []).filter((row) => show === 'all' || row.result === 'error');
  const changes = result ? result.counts.created + result.counts.updated : 0;
  const applied = result?.applied ?? false;

  return (
    <Modal
      open
      width={1100}
      title={t(applied ? 'admin.names.importDone' : 'admin.names.previewTitle', { file: state.file.name })}
      onCancel={onClose}
      footer={
        applied || failure
          ? [
              <Button key="close" type="primary" onClick={onClose}>
                {t('admin.names.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t('admin.names.cancel')}
              </Button>,
              <Button
                key="apply"
                type="primary"
                disabled={!result || changes === 0}
                loading={state.applying}
                onClick={onApply}
                data-testid="names-apply"
              >
                {t('admin.names.apply', { count: changes })}
              </Button>,
            ]
      }
    >
      {failure && <Alert type="error" showIcon title={failure} />}
      {!failure && !result && <Alert type="info" showIcon title={t('admin.names.checking')} />}
      {result && (
        <>
          <Alert
            className="admin-gap"
            type={applied ? 'success' : 'info'}
            showIcon
            title={t(applied ? 'admin.names.appliedNote' : 'admin.names.previewNote')}
          />
          <div className="names-counts admin-gap">
            {(['created', 'updated', 'unchanged', 'error'] as const).map((kind) => (
              <Statistic key={kind} title={t(`admin.names.result.${kind}`)} value={result.counts[kind]} />
            ))}
          </div>
          <Radio.Group
            className="admin-gap"
            optionType="button"
            value={show}
            disabled={result.counts.error === 0}
            onChange={(event) => setShow(event.target.value as 'all' | 'error')}
            options={[
              { value: 'all', label: t('admin.names.showAll') },
              { value: 'error', label: t('admin.names.showErrors') },
            ]}
          />
          <Table
            rowKey="row"
            size="small"
            dataSource={rows}
            scroll={{ x: 'max-content', y: 360 }}
            pagination={rows.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
            columns={[
              { title: t('admin.names.row'), dataIndex: 'row', width: 64, align: 'right' },
              { title: t('admin.names.key'), dataIndex: 'key' },
              { title: t('admin.names.written'), dataIndex: 'written', responsive: ['md'] },
              { title: '中文', dataIndex: 'zh' },
              { title: 'English', dataIndex: 'en' },
              { title: 'Español', dataIndex: 'es' },
              {
                title: t('admin.names.resultColumn'),
                dataIndex: 'result',
                render: (value: NameImportResultKind) => (
                  <Tag color={RESULT_COLORS[value]}>{t(`admin.names.result.${value}`)}</Tag>
                ),
              },
              {
                title: t('admin.names.reason'),
                dataIndex: 'message',
                render: (text: string) => <div className="names-reason">{text}</div>,
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

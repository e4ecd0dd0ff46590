import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  NAMES_APPLY_FIELD,
  NAMES_FILE_FIELD,
  NAMES_IMPORT_PATH,
  NAMES_KIND_FIELD,
  namesEndpoints,
  type NameImportResult,
  type NameKind,
} from '@partsportal/contract/names';
import { send } from '@shared/api/client';
import { invalidateEndpoints } from '@shared/api/server-state';
import { UPLOAD_TIMEOUT_MS } from '@shared/api/upload';
import { RowResults } from '@shared/ui/row-results';

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
          <RowResults
            counts={result.counts}
            rows={result.rows}
            texts={{
              result: (kind) => t(`admin.names.result.${kind}`),
              showAll: t('admin.names.showAll'),
              showErrors: t('admin.names.showErrors'),
              row: t('admin.names.row'),
              resultColumn: t('admin.names.resultColumn'),
              reason: t('admin.names.reason'),
            }}
            columns={[
              { title: t('admin.names.key'), dataIndex: 'key' },
              { title: t('admin.names.written'), dataIndex: 'written', responsive: ['md'] },
              { title: '中文', dataIndex: 'zh' },
              { title: 'English', dataIndex: 'en' },
              { title: 'Español', dataIndex: 'es' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  customersEndpoints,
  MY_NUMBER_COMPANY_FIELD,
  MY_NUMBER_FILE_FIELD,
  MY_NUMBER_IMPORT_PATH,
  type MyNumberImportResult,
} from '@partsportal/contract/customers';
import { send } from '@shared/api/client';
import { invalidateEndpoints } from '@shared/api/server-state';
import { UPLOAD_TIMEOUT_MS } from '@shared/api/upload';
import { RowResults } from '@shared/ui/row-results';

/** Sends a my-number file (`company_id` first, then the file, as the server reads them). */
export function uploadMyNumbers(companyId: number, file: File): Promise<MyNumberImportResult> {
  const form = new FormData();
  form.append(MY_NUMBER_COMPANY_FIELD, String(companyId));
  form.append(MY_NUMBER_FILE_FIELD, file, file.name);
  return send<MyNumberImportResult>(MY_NUMBER_IMPORT_PATH, form, null, {
    timeoutMs: UPLOAD_TIMEOUT_MS,
    silent: true,
  }).finally(() => {
    void invalidateEndpoints(customersEndpoints.listMyNumbers, customersEndpoints.getCompany);
  });
}

export interface ImportState {
  fileName: string;
  result?: MyNumberImportResult;
  failure?: string;
}

/**
 * What became of each row of the file: created, updated, unchanged, or refused with the reason
 * (in the staff member's language, from the server). Errors first when there are any.
 */
export function MyNumberImport({ state, onClose }: { state: ImportState; onClose: () => void }) {
  const { t } = useTranslation();
  const { result, failure } = state;
  return (
    <Modal
      open
      width={900}
      title={t('admin.customers.importTitle', { file: state.fileName })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('admin.customers.close')}
        </Button>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} />}
      {!failure && !result && <Alert type="info" showIcon title={t('admin.customers.importing')} />}
      {result && (
        <RowResults
          errorsFirst
          counts={result.counts}
          rows={result.rows}
          texts={{
            result: (kind) => t(`admin.customers.result.${kind}`),
            showAll: t('admin.customers.showAll'),
            showErrors: t('admin.customers.showErrors'),
            row: t('admin.customers.row'),
            resultColumn: t('admin.customers.resultColumn'),
            reason: t('admin.customers.reason'),
          }}
          columns={[
            { title: t('admin.customers.brand'), dataIndex: 'brand', responsive: ['sm'] },
            { title: t('admin.customers.number'), dataIndex: 'number' },
            { title: t('admin.customers.myNumber'), dataIndex: 'my_number' },
          ]}
        />
      )}
    </Modal>
  );
}

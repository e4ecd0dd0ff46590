import { useState } from 'react';
import { Alert, Button, Modal, Radio, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  customersEndpoints,
  MY_NUMBER_COMPANY_FIELD,
  MY_NUMBER_FILE_FIELD,
  MY_NUMBER_IMPORT_PATH,
  type MyNumberImportResult,
  type MyNumberResult,
} from '@partsportal/contract/customers';
import { send } from '@shared/api/client';
import { invalidateEndpoints } from '@shared/api/server-state';
import { UPLOAD_TIMEOUT_MS } from '@shared/api/upload';

const RESULT_COLORS: Record<MyNumberResult, string> = {
  created: 'green',
  updated: 'blue',
  unchanged: 'default',
  error: 'red',
};

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
  const [show, setShow] = useState<'all' | 'error'>('error');
  const showing = result && result.counts.error > 0 ? show : 'all';

  const rows = (result?.rows ?? []).filter((row) => showing === 'all' || row.result === 'error');
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
        <>
          <div className="customers-counts admin-gap">
            {(['created', 'updated', 'unchanged', 'error'] as const).map((kind) => (
              <Statistic key={kind} title={t(`admin.customers.result.${kind}`)} value={result.counts[kind]} />
            ))}
          </div>
          <Radio.Group
            className="admin-gap"
            optionType="button"
            value={showing}
            disabled={result.counts.error === 0}
            onChange={(event) => setShow(event.target.value as 'all' | 'error')}
            options={[
              { value: 'all', label: t('admin.customers.showAll') },
              { value: 'error', label: t('admin.customers.showErrors') },
            ]}
          />
          <Table
            rowKey="row"
            size="small"
            dataSource={rows}
            scroll={{ x: 'max-content', y: 360 }}
            pagination={rows.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
            columns={[
              { title: t('admin.customers.row'), dataIndex: 'row', width: 64, align: 'right' },
              { title: t('admin.customers.brand'), dataIndex: 'brand', responsive: ['sm'] },
              { title: t('admin.customers.number'), dataIndex: 'number' },
              { title: t('admin.customers.myNumber'), dataIndex: 'my_number' },
              {
                title: t('admin.customers.resultColumn'),
                dataIndex: 'result',
                render: (value: MyNumberResult) => (
                  <Tag color={RESULT_COLORS[value]}>{t(`admin.customers.result.${value}`)}</Tag>
                ),
              },
              { title: t('admin.customers.reason'), dataIndex: 'message' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

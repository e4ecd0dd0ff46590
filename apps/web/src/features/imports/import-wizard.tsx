import { useMemo, useState } from 'react';
import { ArrowLeftOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Popconfirm,
  Progress,
  Radio,
  Result,
  Select,
  Spin,
  Steps,
  Table,
  Tag,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { toastError } from '@shared/ui/feedback';
import {
  IMPORT_FIELDS,
  IMPORT_KINDS,
  IMPORT_REPORT_PATH,
  IMPORT_TEMPLATE_DOWNLOAD_PATH,
  REQUIRED_FIELDS,
  importEndpoints,
  type ImportKind,
  type ImportMode,
  type ImportStatus,
} from '@partsportal/contract/imports';
import { callEndpoint } from '@shared/api/client';
import { downloadFile } from '@shared/api/staff-download';
import { endpointKey, endpointQuery } from '@shared/api/server-state';
import { useSettingsStore } from '@shared/stores/settings-store';
import { useStaffSession } from '@shared/stores/staff-session';
import {
  fieldLabel,
  fileSize,
  fitMapping,
  importableRows,
  mappingProblems,
  type ColumnMapping,
} from './import-mapping';
import { CountTags, resultColour, StateTag } from './import-parts';
import { IMPORT_MAX_MB, uploadImportFile, type UploadAnswer } from './import-upload';

/** States the server is still working in: Status is polled while in one of them. */
const ACTIVE: ReadonlySet<string> = new Set(['checking', 'queued', 'running']);
const POLL_MS = 1000;

function stepOf(state: ImportStatus['state'] | null, remapping: boolean): number {
  if (state === null) return 0;
  if (remapping || state === 'uploaded') return 1;
  if (state === 'checking' || state === 'checked') return 2;
  if (state === 'queued' || state === 'running') return 3;
  return 4;
}

function WizardSteps({ current, failed }: { current: number; failed: boolean }) {
  const { t } = useTranslation();
  const keys = ['file', 'mapping', 'check', 'commit', 'done'] as const;
  return (
    <Steps
      className="imports-steps admin-gap"
      size="small"
      // antd turns the steps vertical below 532 px: five tall rows above every step. A row of
      // numbers with the current title (imports.css) keeps the step on screen at 375 px.
      responsive={false}
      current={current}
      status={failed ? 'error' : current === 4 ? 'finish' : 'process'}
      items={keys.map((key) => ({ title: t(`admin.imports.steps.${key}`) }))}
    />
  );
}

/** Step 1: the kind, its template, the upload (with progress; refusals in the member's language). */
function FileStep({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useSettingsStore((s) => s.language);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  function uploaded(answer: UploadAnswer) {
    queryClient.setQueryData(endpointKey(importEndpoints.status, { import_id: answer.import_id }), answer);
    void queryClient.invalidateQueries({ queryKey: [importEndpoints.list.path] });
    navigate(`/admin/imports?id=${answer.import_id}`, { replace: true });
  }

  function start(file: File) {
    setError(null);
    if (!/\.(csv|xlsx)$/i.test(file.name)) return setError(t('admin.imports.badType'));
    if (file.size > IMPORT_MAX_MB * 1024 * 1024)
      return setError(t('admin.imports.tooLarge', { max: IMPORT_MAX_MB }));
    setUploading({ name: file.name, percent: 0 });
    const { done } = uploadImportFile(kind, file, (percent) => setUploading({ name: file.name, percent }));
    done.then(uploaded, (failure: Error) => {
      setUploading(null);
      setError(t('admin.imports.uploadFailed', { message: failure.message }));
    });
  }

  return (
    <div className="imports-file-step">
      <section>
        <h2 className="imports-h">{t('admin.imports.chooseKind')}</h2>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={kind}
          disabled={!!uploading}
          onChange={(event) => navigate(`/admin/imports?new=${event.target.value}`, { replace: true })}
          options={IMPORT_KINDS.map((value) => ({ value, label: t(`admin.imports.kinds.${value}`) }))}
        />
        <p className="muted imports-hint">{t(`admin.imports.kindHint.${kind}`)}</p>
      </section>
      <section>
        <h2 className="imports-h">{t('admin.imports.template')}</h2>
        <p className="muted imports-hint">{t('admin.imports.templateHint')}</p>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadFile(
              IMPORT_TEMPLATE_DOWNLOAD_PATH,
              { kind, lang: language },
              `${kind}-template-${language}.xlsx`,
            ).catch((error: unknown) => toastError(error instanceof Error ? error.message : String(error)))
          }
          data-testid="import-template"
        >
          {t('admin.imports.templateDownload', { kind: t(`admin.imports.kinds.${kind}`) })}
        </Button>
      </section>
      <section>
        <h2 className="imports-h">{t('admin.imports.upload')}</h2>
        <Upload.Dragger
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          disabled={!!uploading}
          customRequest={({ file }) => start(file as File)}
          className="imports-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('admin.imports.uploadDrop')}</p>
          <p className="ant-upload-hint">{t('admin.imports.uploadLimit', { max: IMPORT_MAX_MB })}</p>
        </Upload.Dragger>
        {uploading && (
          <div className="imports-upload-progress" role="status">
            <span>{t('admin.imports.uploading', { name: uploading.name })}</span>
            <Progress percent={uploading.percent} />
          </div>
        )}
        {error && <Alert className="imports-alert" type="error" showIcon title={error} role="alert" />}
      </section>
    </div>
  );
}

/** Step 2: file header → field, prefilled from SuggestMapping; upsert or full. */
function MappingStep({ status, onDone }: { status: ImportStatus; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const language = useSettingsStore((s) => s.language);
  const suggestion = useQuery(
    endpointQuery(importEndpoints.suggestMapping, { kind: status.kind, headers: status.headers }),
  );
  // The member's choices once they change one; until then the server's suggestion.
  const [edited, setMapping] = useState<ColumnMapping | null>(null);
  const mapping =
    edited ?? (suggestion.data ? fitMapping(status.kind, status.headers, suggestion.data.mapping) : null);
  const [mode, setMode] = useState<ImportMode>(status.mode);
  const [sending, setSending] = useState(false);

  const required = new Set<string>(REQUIRED_FIELDS[status.kind]);
  const options = [
    { value: '', label: t('admin.imports.notImported') },
    ...IMPORT_FIELDS[status.kind].map((field) => ({
      value: field,
      label: `${fieldLabel(field, language)}${required.has(field) ? ' *' : ''}`,
    })),
  ];
  const problems = mapping ? mappingProblems(status.kind, mapping) : null;
  const blocked = !problems || problems.missing.length > 0 || problems.duplicate.length > 0;
  const rows = status.headers.map((header, column) => ({ header, column }));

  async function check() {
    if (!mapping) return;
    setSending(true);
    try {
      const answer = await callEndpoint(importEndpoints.dryRun, {
        import_id: status.import_id,
        mapping,
        mode,
      });
      queryClient.setQueryData(endpointKey(importEndpoints.status, { import_id: status.import_id }), answer);
      onDone();
    } catch {
      // The client toasted the server's message.
    } finally {
      setSending(false);
    }
  }

  if (!mapping) return <Spin />;
  return (
    <div className="imports-mapping">
      <h2 className="imports-h">{t('admin.imports.mappingTitle')}</h2>
      <p className="muted imports-hint">{t('admin.imports.mappingHint')}</p>
      <Table
        className="imports-mapping-table admin-gap"
        rowKey="column"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('admin.imports.column'),
            dataIndex: 'header',
            key: 'header',
            render: (header: string, row) => (
              <span className="imports-header">
                <Tag>{columnLetter(row.column)}</Tag>
                {header || '—'}
              </span>
            ),
          },
          {
            title: t('admin.imports.field'),
            key: 'field',
            render: (_, row) => (
              <Select
                className="imports-field-select"
                aria-label={`${t('admin.imports.field')}: ${row.header}`}
                data-column={row.column}
                value={mapping[row.column] ?? ''}
                options={options}
                onChange={(value: string) =>
                  setMapping(mapping.map((field, column) => (column === row.column ? value || null : field)))
                }
              />
            ),
          },
        ]}
      />
      {problems && problems.missing.length > 0 && (
        <Alert
          className="imports-alert"
          type="warning"
          showIcon
          title={t('admin.imports.missing', {
            fields: problems.missing.map((field) => fieldLabel(field, language)).join(', '),
          })}
        />
      )}
      {problems && problems.duplicate.length > 0 && (
        <Alert
          className="imports-alert"
          type="warning"
          showIcon
          title={t('admin.imports.duplicate', {
            fields: problems.duplicate.map((field) => fieldLabel(field, language)).join(', '),
          })}
        />
      )}
      {status.kind === 'products' && (
        <section className="imports-mode">
          <h3 className="imports-h3">{t('admin.imports.mode')}</h3>
          <Radio.Group
            value={mode}
            onChange={(event) => setMode(event.target.value as ImportMode)}
            options={[
              { value: 'upsert', label: t('admin.imports.modeUpsert') },
              { value: 'full', label: t('admin.imports.modeFull') },
            ]}
          />
          {mode === 'upsert' ? (
            <p className="muted imports-hint">{t('admin.imports.modeUpsertHint')}</p>
          ) : (
            <Alert
              className="imports-alert"
              type="error"
              showIcon
              title={t('admin.imports.modeFullWarning')}
            />
          )}
        </section>
      )}
      <div className="admin-row">
        <Button type="primary" disabled={blocked} loading={sending} onClick={() => void check()}>
          {t('admin.imports.startCheck')}
        </Button>
      </div>
    </div>
  );
}

const columnLetter = (column: number): string =>
  (column >= 26 ? columnLetter(Math.floor(column / 26) - 1) : '') + String.fromCharCode(65 + (column % 26));

type ReportRow = { row: number; brand: string; number: string; result: keyof ImportStatus['counts'] } & {
  errors?: Array<{ field: string; message: string }>;
};

/** Step 3's answer: counts, the error rows first (paged), the xlsx report, then commit. */
function Report({ status, onRemap }: { status: ImportStatus; onRemap: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const language = useSettingsStore((s) => s.language);
  const counts = status.check_counts ?? status.counts;
  const [errorsOnly, setErrorsOnly] = useState(counts.error > 0);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [committing, setCommitting] = useState(false);
  const rows = useQuery({
    ...endpointQuery(importEndpoints.rows, {
      import_id: status.import_id,
      page,
      rows: pageSize,
      errors_only: errorsOnly,
    }),
    placeholderData: keepPreviousData,
  });

  async function commit() {
    setCommitting(true);
    try {
      const answer = await callEndpoint(importEndpoints.commit, { import_id: status.import_id });
      queryClient.setQueryData(endpointKey(importEndpoints.status, { import_id: status.import_id }), answer);
    } catch {
      // Toasted by the client.
    } finally {
      setCommitting(false);
    }
  }

  const columns: TableColumnsType<ReportRow> = [
    { title: t('admin.imports.row'), dataIndex: 'row', key: 'row', width: 72 },
    { title: t('admin.imports.brand'), dataIndex: 'brand', key: 'brand', responsive: ['sm'] },
    { title: t('admin.imports.number'), dataIndex: 'number', key: 'number', responsive: ['sm'] },
    {
      title: t('admin.imports.result'),
      dataIndex: 'result',
      key: 'result',
      // At 375 px the row, field and message are what the member needs; the report has the rest.
      responsive: ['sm'],
      render: (result: ReportRow['result']) => (
        <Tag color={resultColour(result)}>{t(`admin.imports.rowResult.${result}`)}</Tag>
      ),
    },
    {
      title: t('admin.imports.field'),
      key: 'field',
      render: (_, row) =>
        row.errors?.map((error, index) => <div key={index}>{fieldLabel(error.field, language)}</div>) ?? '',
    },
    {
      title: t('admin.imports.message'),
      key: 'message',
      render: (_, row) =>
        row.errors?.map((error, index) => (
          <div key={index} className="imports-error-message">
            {error.message}
          </div>
        )) ?? '',
    },
  ];

  const importable = importableRows(counts);
  return (
    <div className="imports-report">
      <h2 className="imports-h">{t('admin.imports.reportTitle')}</h2>
      <p className="muted imports-hint">{t('admin.imports.reportHint')}</p>
      <div className="admin-row admin-gap" data-testid="import-check-counts">
        {status.total_rows !== null && (
          <span className="imports-total">{t('admin.imports.totalRows', { total: status.total_rows })}</span>
        )}
        <CountTags counts={counts} />
      </div>
      <div className="admin-toolbar">
        <Radio.Group
          optionType="button"
          value={errorsOnly ? 'errors' : 'all'}
          onChange={(event) => {
            setErrorsOnly(event.target.value === 'errors');
            setPage(1);
          }}
          options={[
            { value: 'errors', label: `${t('admin.imports.errorsOnly')} (${counts.error})` },
            { value: 'all', label: t('admin.imports.allRows') },
          ]}
        />
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadFile(
              `${IMPORT_REPORT_PATH}/${status.import_id}`,
              { lang: language },
              `import-${status.import_id}-report.xlsx`,
            ).catch((error: unknown) => toastError(error instanceof Error ? error.message : String(error)))
          }
        >
          {t('admin.imports.downloadReport')}
        </Button>
      </div>
      <Table<ReportRow>
        className="imports-rows admin-gap"
        rowKey="row"
        size="small"
        columns={columns}
        dataSource={(rows.data?.rows ?? []) as ReportRow[]}
        loading={rows.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.imports.noErrors') }}
        pagination={{
          current: page,
          pageSize,
          total: rows.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
      <div className="admin-row">
        <Popconfirm
          title={t('admin.imports.commitConfirm')}
          description={<div className="imports-confirm">{t('admin.imports.commitConfirmText', counts)}</div>}
          onConfirm={() => void commit()}
          okText={t('admin.imports.commit', { count: importable })}
        >
          <Button type="primary" disabled={importable === 0} loading={committing} data-testid="import-commit">
            {t('admin.imports.commit', { count: importable })}
          </Button>
        </Popconfirm>
        <Button onClick={onRemap}>{t('admin.imports.remap')}</Button>
      </div>
    </div>
  );
}

/** Steps 3 (dry run running) and 4 (commit running): progress from the polled Status. */
function Running({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  const checking = status.state === 'checking';
  const total = status.total_rows;
  const percent = total ? Math.min(100, Math.floor((status.rows_done / total) * 100)) : 0;
  return (
    <div className="imports-running" role="status" aria-live="polite">
      <p>{t(checking ? 'admin.imports.checking' : 'admin.imports.running')}</p>
      {total && !checking ? (
        <>
          <Progress percent={percent} status="active" data-testid="import-progress" />
          <div className="admin-row">
            <StateTag state={status.state} />
            <span>{t('admin.imports.progress', { done: status.rows_done, total })}</span>
          </div>
          <div className="admin-gap" />
          <CountTags counts={status.counts} />
        </>
      ) : (
        <div className="admin-row">
          <Spin />
          <StateTag state={status.state} />
          {status.state === 'queued' && <span>{t('admin.imports.queued')}</span>}
          {checking && status.rows_done > 0 && (
            <span>{t('admin.imports.checkedRows', { done: status.rows_done })}</span>
          )}
        </div>
      )}
    </div>
  );
}

function Finished({ status, onRemap }: { status: ImportStatus; onRemap: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useStaffSession((s) => s.info?.role);
  const failed = status.state === 'failed';
  // A dry run that failed may be run again with another mapping; a commit that failed may not.
  const mayRemap = failed && status.rows_done === 0 && status.check_counts === null;
  return (
    <Result
      status={failed ? 'error' : 'success'}
      title={t(failed ? 'admin.imports.failedTitle' : 'admin.imports.doneTitle')}
      subTitle={
        failed ? status.error : t('admin.imports.doneText', { file: status.filename, done: status.rows_done })
      }
      extra={
        <div className="imports-finished">
          {!failed && <CountTags counts={status.counts} />}
          <div className="admin-row imports-finished-buttons">
            {mayRemap && <Button onClick={onRemap}>{t('admin.imports.remap')}</Button>}
            <Button type="primary" onClick={() => navigate(`/admin/imports?new=${status.kind}`)}>
              {t('admin.imports.another')}
            </Button>
            {!failed && role === 'owner' && (
              <Button onClick={() => navigate('/admin/audit')}>{t('admin.imports.audit')}</Button>
            )}
          </div>
        </div>
      }
    />
  );
}

/** The wizard: before the upload from the URL's kind, after it from the server's Status. */
export function ImportWizard({
  importId,
  initialKind = 'products',
}: {
  importId: number | null;
  initialKind?: ImportKind;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [remapping, setRemapping] = useState(false);
  const status = useQuery({
    ...endpointQuery(importEndpoints.status, { import_id: importId ?? 0 }),
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data && ACTIVE.has(query.state.data.state) ? POLL_MS : false),
  });
  const data = importId === null ? null : (status.data ?? null);
  const state = data?.state ?? null;

  const body = useMemo(() => {
    if (importId === null) return <FileStep kind={initialKind} />;
    if (!data) return <Spin />;
    if (data.state === 'uploaded' || remapping)
      return <MappingStep status={data} onDone={() => setRemapping(false)} />;
    if (data.state === 'checked') return <Report status={data} onRemap={() => setRemapping(true)} />;
    if (ACTIVE.has(data.state)) return <Running status={data} />;
    return <Finished status={data} onRemap={() => setRemapping(true)} />;
  }, [importId, initialKind, data, remapping]);

  return (
    <Card className="admin-card imports-wizard">
      <div className="admin-row admin-gap imports-wizard-head">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/imports')}>
          {t('admin.imports.backToList')}
        </Button>
        {data && (
          <span className="imports-file-info" data-testid="import-file-info">
            <strong>{t(`admin.imports.kinds.${data.kind}`)}</strong>
            {' · '}
            {t('admin.imports.fileInfo', { name: data.filename, size: fileSize(data.file_bytes) })}{' '}
            <StateTag state={data.state} />
          </span>
        )}
      </div>
      <WizardSteps current={stepOf(state, remapping)} failed={state === 'failed'} />
      {body}
    </Card>
  );
}

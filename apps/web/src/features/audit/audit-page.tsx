import { useMemo, useState, type FormEvent } from 'react';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Input, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { auditEndpoints, type AuditEntry } from '@partsportal/contract/audit';
import { callEndpoint } from '@shared/api/client';
import { useEndpointQuery } from '@shared/api/server-state';
import { usePagedExport } from '@shared/export/use-paged-export';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { hiddenColumnTitle } from '@shared/ui/table-a11y';
import {
  auditExportRow,
  auditValueText,
  detailsText,
  EMPTY_AUDIT_FILTERS,
  type AuditFilters,
} from './audit-rows';

const PAGE_SIZES = [20, 50, 100, 200];
const time = (at: number) => dayjs.unix(at).format('YYYY-MM-DD HH:mm:ss');

/** The filters as the call wants them: whole days, inclusive, in the reader's time zone. */
function toRequest(filters: AuditFilters) {
  return {
    ...(filters.from ? { from: dayjs(filters.from).startOf('day').unix() } : {}),
    ...(filters.to ? { to: dayjs(filters.to).endOf('day').unix() } : {}),
    actor: filters.actor.trim(),
    action: filters.action.trim(),
    entity: filters.entity.trim(),
    entity_id: filters.entityId.trim(),
  };
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const fields = Object.entries(entry.changes);
  const details = detailsText(entry.details);
  return (
    <div className="audit-expanded">
      {fields.length > 0 && (
        <table className="audit-changes">
          <caption>{t('admin.audit.changes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.audit.field')}</th>
              <th scope="col">{t('admin.audit.before')}</th>
              <th scope="col">{t('admin.audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map(([field, { before, after }]) => (
              <tr key={field}>
                <th scope="row">{field}</th>
                <td className="audit-before">{auditValueText(before) || '—'}</td>
                <td className="audit-after">{auditValueText(after) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {details && (
        <Descriptions
          size="small"
          column={1}
          title={t('admin.audit.details')}
          items={Object.entries(entry.details).map(([key, value]) => ({
            key,
            label: key,
            children: <span className="audit-value">{auditValueText(value) || '—'}</span>,
          }))}
        />
      )}
      {!fields.length && !details && <span className="muted">{t('admin.audit.noChanges')}</span>}
    </div>
  );
}

/** The audit log (issue 14 item 6): read only, filtered, newest first, exportable. */
export default function AuditPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const request = toRequest(filters);
  const list = useEndpointQuery(auditEndpoints.list, { ...request, page, pageSize });
  const exporter = usePagedExport();

  function apply(event?: FormEvent) {
    event?.preventDefault();
    setFilters(draft);
    setPage(1);
  }

  function reset() {
    setDraft(EMPTY_AUDIT_FILTERS);
    setFilters(EMPTY_AUDIT_FILTERS);
    setPage(1);
  }

  function exportRows() {
    const header = [
      t('admin.audit.time'),
      t('admin.audit.actor'),
      t('admin.audit.actorKind'),
      t('admin.audit.ip'),
      t('admin.audit.action'),
      t('admin.audit.entity'),
      t('admin.audit.entityId'),
      t('admin.audit.changes'),
      t('admin.audit.details'),
    ];
    void exporter.start(
      {
        loadPage: (exportPage, exportSize) =>
          callEndpoint(auditEndpoints.list, { ...request, page: exportPage, pageSize: exportSize }),
        header,
        toRow: (entry: AuditEntry) => auditExportRow(entry, time),
        sheetName: t('admin.route.audit').slice(0, 31),
        fileName: `audit-log-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`,
      },
      list.data?.total ?? 0,
    );
  }

  const field = (key: keyof AuditFilters, label: string, placeholder?: string) => (
    <label className="audit-filter">
      <span>{label}</span>
      <Input
        value={draft[key] ?? ''}
        allowClear
        placeholder={placeholder}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
    </label>
  );

  const columns = useMemo<TableColumnsType<AuditEntry>>(
    () => [
      { title: t('admin.audit.time'), dataIndex: 'at', key: 'at', render: time },
      {
        title: t('admin.audit.actor'),
        key: 'actor',
        render: (_, entry) => (
          <>
            {entry.actor_name}
            {entry.actor_kind !== 'staff' && <Tag className="audit-kind">{entry.actor_kind}</Tag>}
          </>
        ),
      },
      { title: t('admin.audit.ip'), dataIndex: 'ip', key: 'ip' },
      {
        title: t('admin.audit.action'),
        dataIndex: 'action',
        key: 'action',
        render: (action: string) => <code>{action}</code>,
      },
      { title: t('admin.audit.entity'), dataIndex: 'entity', key: 'entity' },
      { title: t('admin.audit.entityId'), dataIndex: 'entity_id', key: 'entity_id' },
    ],
    [t],
  );

  return (
    <Card className="admin-card">
      <form className="admin-toolbar audit-filters" onSubmit={apply} aria-label={t('admin.audit.filters')}>
        <div className="audit-filter audit-filter-dates">
          <span>{t('admin.audit.dates')}</span>
          <DayRangeFilter
            from={draft.from}
            to={draft.to}
            onChange={(range) => setDraft({ ...draft, from: range.from, to: range.to })}
          />
        </div>
        {field('actor', t('admin.audit.actor'))}
        {field('action', t('admin.audit.action'), t('admin.audit.actionPlaceholder'))}
        {field('entity', t('admin.audit.entity'), 'staff')}
        {field('entityId', t('admin.audit.entityId'))}
        <div className="admin-row audit-buttons">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('admin.audit.search')}
          </Button>
          <Button onClick={reset}>{t('admin.audit.reset')}</Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!list.data?.total || exporter.running}
            onClick={exportRows}
          >
            {t('admin.audit.export')}
          </Button>
        </div>
      </form>
      <p className="muted audit-hint">{t('admin.audit.actionHint')}</p>
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('admin.audit.empty')} /> }}
        expandable={{
          columnTitle: hiddenColumnTitle(t('common.rowDetails')),
          expandedRowRender: (entry) => <Changes entry={entry} />,
          rowExpandable: (entry) =>
            Object.keys(entry.changes).length > 0 || Object.keys(entry.details).length > 0,
        }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('admin.audit.total', { total }),
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
      {exporter.modal}
    </Card>
  );
}

import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DEMAND_KEPT_MONTHS,
  DEMAND_REPORT_EXPORT_PATH,
  DEMAND_SOURCES,
  reportsEndpoints,
  type DemandRow,
  type DemandSource,
} from '@partsportal/contract/reports';
import { useEndpointQuery } from '@shared/api/server-state';
import { downloadFile } from '@shared/api/staff-download';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { useSettingsStore } from '@shared/stores/settings-store';
import { useFeedback } from '@shared/ui/feedback';

/**
 * The demand report (sales, catalogue, owner): part numbers buyers searched or imported and did
 * not find, most asked first — how often, by which companies, when last; xlsx of the same.
 */
export function DemandReport() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const formatDate = useFormatDate();
  const language = useSettingsStore((s) => s.language);
  const [range, setRange] = useState<{ from?: string; to?: string }>({
    from: dayjs().subtract(30, 'day').format('YYYY-MM-DD'),
  });
  const [source, setSource] = useState<DemandSource | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const firstPage = () => setPage((p) => ({ ...p, page: 1 }));

  const filters = {
    keyword,
    ...(source ? { source } : {}),
    ...(range.from ? { dateFrom: dayjs(range.from).startOf('day').unix() } : {}),
    ...(range.to ? { dateTo: dayjs(range.to).endOf('day').unix() } : {}),
  };
  const query = useEndpointQuery(reportsEndpoints.demand, { ...page, ...filters });

  const columns: ColumnsType<DemandRow> = [
    {
      title: t('admin.reports.number'),
      dataIndex: 'number_key',
      render: (key: string, row) => (
        <>
          <div className="report-number">{key}</div>
          {row.input !== key && (
            <Typography.Text type="secondary" className="report-note">
              {row.input}
            </Typography.Text>
          )}
          {/* Below sm the companies and date columns are hidden (375 px): they go here. */}
          <Typography.Text type="secondary" className="report-note report-xs-only">
            {[...row.company_codes, formatDate(row.last_seen)].join(' · ')}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('admin.reports.count'),
      dataIndex: 'count',
      align: 'right',
      render: (count: number, row) => (
        <>
          <div>{count}</div>
          <Typography.Text type="secondary" className="report-note">
            {t('admin.reports.countSplit', { searches: row.searches, imports: row.imports })}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('admin.reports.companies'),
      dataIndex: 'companies',
      responsive: ['sm'],
      render: (count: number, row) => (
        <>
          {row.company_codes.map((code) => (
            <Tag key={code}>{code}</Tag>
          ))}
          {count > row.company_codes.length && (
            <Typography.Text type="secondary">+{count - row.company_codes.length}</Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('admin.reports.lastSeen'),
      dataIndex: 'last_seen',
      responsive: ['md'],
      render: (value: number) => formatDate(value),
    },
  ];

  const exportFile = () => {
    const params: Record<string, string> = { lang: language };
    for (const [key, value] of Object.entries(filters))
      if (value !== '' && value !== undefined) params[key] = String(value);
    void downloadFile(DEMAND_REPORT_EXPORT_PATH, params, 'demand.xlsx').catch((error: Error) =>
      message.error(error.message),
    );
  };

  return (
    <div className="demand-report">
      <div className="admin-toolbar">
        <DayRangeFilter
          {...range}
          onChange={(next) => {
            setRange(next);
            firstPage();
          }}
        />
        <Select<DemandSource>
          allowClear
          className="report-source"
          aria-label={t('admin.reports.source')}
          placeholder={t('admin.reports.allSources')}
          value={source}
          onChange={(value) => {
            setSource(value ?? undefined);
            firstPage();
          }}
          options={DEMAND_SOURCES.map((value) => ({ value, label: t(`admin.reports.sources.${value}`) }))}
        />
        <Input.Search
          allowClear
          className="report-search"
          placeholder={t('admin.reports.searchNumber')}
          aria-label={t('admin.reports.searchNumber')}
          onSearch={(value) => {
            setKeyword(value.trim());
            firstPage();
          }}
        />
        <Button icon={<DownloadOutlined />} onClick={exportFile} className="report-export">
          {t('admin.reports.export')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" className="report-hint">
        {t('admin.reports.demandHint', { months: DEMAND_KEPT_MONTHS })}
      </Typography.Paragraph>
      <Table<DemandRow>
        rowKey="number_key"
        size="small"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('admin.reports.noDemand') }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) =>
            t('admin.reports.demandTotal', { count: total, misses: query.data?.misses ?? 0 }),
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
    </div>
  );
}

import { lazy, Suspense, useMemo, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  SALES_DIMENSIONS,
  SALES_REPORT_EXPORT_PATH,
  reportsEndpoints,
  type SalesDimension,
  type SalesReportRow,
} from '@partsportal/contract/reports';
import { useEndpointQuery } from '@shared/api/server-state';
import { downloadFile } from '@shared/api/staff-download';
import { currentMoneyLocale, useFormatMoney } from '@shared/format/use-format-money';
import { useSettingsStore } from '@shared/stores/settings-store';
import { ReportCompanyPicker } from './report-company-picker';
import { buildSalesChartOption, dimensionLabel } from './sales-chart-option';
import { useFeedback } from '@shared/ui/feedback';

// ECharts loads with the chart, not with the page.
const SalesChart = lazy(() => import('./sales-chart'));

const MONTH = 'YYYY-MM';

/**
 * The sales report (sales, owner): shipped sales by month × company × brand × part type over a
 * range of months, as a stacked bar chart and a table with totals; xlsx of the same rows.
 */
export function SalesReport() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { money } = useFormatMoney();
  const language = useSettingsStore((s) => s.language);
  const [months, setMonths] = useState<[string, string]>([
    dayjs().subtract(11, 'month').format(MONTH),
    dayjs().format(MONTH),
  ]);
  const [groupBy, setGroupBy] = useState<SalesDimension[]>(['month', 'company']);
  const [companyId, setCompanyId] = useState<number | undefined>();
  const [brandIds, setBrandIds] = useState<number[]>([]);
  const [partTypeIds, setPartTypeIds] = useState<number[]>([]);

  const options = useEndpointQuery(reportsEndpoints.options, {});
  const body = {
    month_from: months[0],
    month_to: months[1],
    group_by: groupBy.length ? groupBy : (['month'] as SalesDimension[]),
    ...(companyId ? { company_ids: [companyId] } : {}),
    ...(brandIds.length ? { brand_ids: brandIds } : {}),
    ...(partTypeIds.length ? { part_type_ids: partTypeIds } : {}),
  };
  const query = useEndpointQuery(reportsEndpoints.sales, body);
  const report = query.data;
  const currency = report?.currency ?? 'CNY';
  const noPartType = t('admin.reports.noPartType');

  const chartOption = useMemo(
    () =>
      report
        ? buildSalesChartOption(report.rows, body.group_by, {
            locale: currentMoneyLocale(),
            texts: { amount: t('admin.reports.amount'), other: t('admin.reports.other'), noPartType },
          })
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- body.group_by is derived from groupBy
    [report, groupBy, language],
  );

  const dimensionColumn = (dimension: SalesDimension) => ({
    title: t(`admin.reports.dimension.${dimension}`),
    key: dimension,
    className: dimension === 'month' ? 'report-month' : undefined,
    render: (_: unknown, row: SalesReportRow) =>
      dimension === 'company' ? (
        <>
          <div>{row.company_code}</div>
          <Typography.Text type="secondary" className="report-note">
            {row.company_name}
          </Typography.Text>
        </>
      ) : (
        dimensionLabel(row, dimension, noPartType)
      ),
  });
  const columns: ColumnsType<SalesReportRow> = [
    ...body.group_by.map(dimensionColumn),
    { title: t('admin.reports.lines'), dataIndex: 'lines', align: 'right', responsive: ['md'] },
    { title: t('admin.reports.qty'), dataIndex: 'qty', align: 'right', responsive: ['sm'] },
    {
      title: t('admin.reports.amount'),
      dataIndex: 'amount',
      align: 'right',
      className: 'report-money',
      render: (value: string) => money(value, currency),
    },
  ];

  const exportFile = () => {
    const query: Record<string, string> = {
      month_from: body.month_from,
      month_to: body.month_to,
      group_by: body.group_by.join(','),
      lang: language,
      ...(body.company_ids ? { company_ids: body.company_ids.join(',') } : {}),
      ...(body.brand_ids ? { brand_ids: body.brand_ids.join(',') } : {}),
      ...(body.part_type_ids ? { part_type_ids: body.part_type_ids.join(',') } : {}),
    };
    void downloadFile(SALES_REPORT_EXPORT_PATH, query, 'sales.xlsx').catch((error: Error) =>
      message.error(error.message),
    );
  };

  return (
    <div className="sales-report">
      <div className="admin-toolbar">
        <DatePicker.RangePicker
          picker="month"
          allowClear={false}
          className="report-months"
          aria-label={t('admin.reports.months')}
          value={[dayjs(months[0], MONTH), dayjs(months[1], MONTH)]}
          onChange={(values) => {
            const [start, end] = values ?? [];
            if (start && end) setMonths([start.format(MONTH), end.format(MONTH)]);
          }}
        />
        <Select<SalesDimension[]>
          mode="multiple"
          className="report-group-by"
          aria-label={t('admin.reports.groupBy')}
          placeholder={t('admin.reports.groupBy')}
          value={groupBy}
          onChange={(value) => setGroupBy(value)}
          options={SALES_DIMENSIONS.map((value) => ({ value, label: t(`admin.reports.dimension.${value}`) }))}
        />
        <ReportCompanyPicker className="report-company" value={companyId} onChange={setCompanyId} />
        <Select<number[]>
          mode="multiple"
          allowClear
          className="report-brands"
          aria-label={t('admin.reports.dimension.brand')}
          placeholder={t('admin.reports.allBrands')}
          value={brandIds}
          onChange={setBrandIds}
          optionFilterProp="label"
          options={(options.data?.brands ?? []).map((b) => ({ value: b.id, label: b.name }))}
        />
        <Select<number[]>
          mode="multiple"
          allowClear
          className="report-part-types"
          aria-label={t('admin.reports.dimension.part_type')}
          placeholder={t('admin.reports.allPartTypes')}
          value={partTypeIds}
          onChange={setPartTypeIds}
          optionFilterProp="label"
          options={(options.data?.part_types ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        <Button icon={<DownloadOutlined />} onClick={exportFile} className="report-export">
          {t('admin.reports.export')}
        </Button>
      </div>
      {query.isError && <Typography.Text type="danger">{(query.error as Error).message}</Typography.Text>}
      {report && chartOption && report.rows.length > 0 && (
        <Suspense fallback={<Skeleton.Node active className="sales-chart" />}>
          <SalesChart option={chartOption} label={t('admin.reports.chartLabel')} />
        </Suspense>
      )}
      {report?.truncated && (
        <Typography.Text type="warning">
          {t('admin.reports.truncated', { count: report.rows.length })}
        </Typography.Text>
      )}
      <Table<SalesReportRow>
        rowKey={(row) => `${row.month}|${row.company_id}|${row.brand_id}|${row.part_type_id}`}
        size="small"
        loading={query.isFetching}
        columns={columns}
        dataSource={report?.rows ?? []}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
        summary={() =>
          report && report.rows.length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row className="report-total">
                <Table.Summary.Cell index={0} colSpan={body.group_by.length}>
                  {t('admin.reports.total')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right" className="report-md-only">
                  {report.totals.lines}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right" className="report-sm-only">
                  {report.totals.qty}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right" className="report-money">
                  {money(report.totals.amount, currency)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </div>
  );
}

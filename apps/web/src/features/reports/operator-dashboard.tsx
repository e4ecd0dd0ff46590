import { Alert, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  reportsEndpoints,
  type DayFigure,
  type LowStockProduct,
  type OverdueCompany,
} from '@partsportal/contract/reports';
import type { StaffRole } from '@partsportal/contract/endpoint';
import { useEndpointQuery } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import './reports.css';

/**
 * The staff home's figures (issue 15 item 6): today's orders by step, the companies whose debts
 * are overdue, and products with less available than a month of orders. Sales staff follow a
 * company to the payments desk; catalogue staff see the same figures (they plan stock by them).
 */
export function OperatorDashboard({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const query = useEndpointQuery(reportsEndpoints.dashboard, {});
  const data = query.data;
  const currency = data?.currency ?? 'CNY';

  const figure = (key: 'submitted' | 'confirmed' | 'shipped', value: DayFigure | undefined) => (
    <Col xs={24} sm={8} key={key}>
      <Card size="small" className="report-figure" loading={!data}>
        <Statistic title={t(`admin.reports.today.${key}`)} value={value?.orders ?? 0} />
        <Typography.Text type="secondary" className="report-figure-amount report-money">
          {money(value?.amount ?? '0', currency)}
        </Typography.Text>
      </Card>
    </Col>
  );

  const overdueColumns: ColumnsType<OverdueCompany> = [
    {
      title: t('admin.reports.company'),
      dataIndex: 'company_name',
      render: (name: string, row) =>
        role === 'catalogue' ? (
          `${row.company_code} · ${name}`
        ) : (
          <Link to={`/admin/customers?company=${row.company_id}`}>{`${row.company_code} · ${name}`}</Link>
        ),
    },
    {
      title: t('admin.reports.overdue'),
      dataIndex: 'overdue',
      align: 'right',
      className: 'report-money',
      render: (value: string) => <Typography.Text type="danger">{money(value, currency)}</Typography.Text>,
    },
    {
      title: t('admin.reports.totalDue'),
      dataIndex: 'total_due',
      align: 'right',
      responsive: ['sm'],
      className: 'report-money',
      render: (value: string) => money(value, currency),
    },
    {
      title: t('admin.reports.oldestDays'),
      dataIndex: 'oldest_days',
      align: 'right',
      responsive: ['md'],
    },
  ];

  const stockColumns: ColumnsType<LowStockProduct> = [
    {
      title: t('admin.reports.number'),
      dataIndex: 'number',
      render: (number: string, row) => (
        <>
          <div>{number}</div>
          <Typography.Text type="secondary" className="report-note">
            {row.brand} · {row.part_name}
          </Typography.Text>
        </>
      ),
    },
    { title: t('admin.reports.available'), dataIndex: 'available', align: 'right' },
    { title: t('admin.reports.monthlyQty'), dataIndex: 'monthly_qty', align: 'right' },
  ];

  if (query.isError) return <Alert type="error" title={t('admin.reports.loadFailed')} />;

  return (
    <div className="operator-dashboard">
      <Typography.Title level={4} className="report-heading">
        {t('admin.reports.todayTitle', { day: data?.day ?? '' })}
      </Typography.Title>
      <Row gutter={[12, 12]}>
        {figure('submitted', data?.submitted)}
        {figure('confirmed', data?.confirmed)}
        {figure('shipped', data?.shipped)}
      </Row>
      <Row gutter={[12, 12]} className="report-lists">
        <Col xs={24} xl={12}>
          {/* The summary goes in the body: in the header it would push a 375 px title out. */}
          <Card size="small" title={t('admin.reports.overdueTitle')}>
            {data && (
              <Typography.Paragraph type="secondary" className="report-card-summary">
                {t('admin.reports.overdueSummary', {
                  count: data.overdue_companies,
                  amount: money(data.overdue_total, currency),
                })}
              </Typography.Paragraph>
            )}
            <Table<OverdueCompany>
              rowKey="company_id"
              size="small"
              pagination={false}
              loading={!data}
              columns={overdueColumns}
              dataSource={data?.overdue ?? []}
              locale={{ emptyText: t('admin.reports.noOverdue') }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('admin.reports.lowStockTitle')}>
            {data && (
              <Typography.Paragraph type="secondary" className="report-card-summary">
                {t('admin.reports.lowStockCount', { count: data.low_stock_count })}
              </Typography.Paragraph>
            )}
            <Table<LowStockProduct>
              rowKey="product_id"
              size="small"
              pagination={false}
              loading={!data}
              columns={stockColumns}
              dataSource={data?.low_stock ?? []}
              locale={{ emptyText: t('admin.reports.noLowStock') }}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

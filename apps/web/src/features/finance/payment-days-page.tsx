import { Card, Empty, Skeleton, Statistic, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { financeEndpoints, type OpenItem } from '@partsportal/contract/finance';
import { useEndpointQuery } from '@shared/api/server-state';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { useFormatMoney } from '@shared/format/use-format-money';
import { agingBars, overdueLabel } from './aging';

export default function PaymentDaysPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money, percent } = useFormatMoney();
  const days = useEndpointQuery(financeEndpoints.getPaymentDays, {});
  const data = days.data;

  if (!data) {
    return (
      <section className="page records-page">
        {days.isError ? (
          <Empty description={t('recordList.empty')} />
        ) : (
          <Skeleton active paragraph={{ rows: 10 }} />
        )}
      </section>
    );
  }
  const currency = data.currency;
  const bars = agingBars(data.buckets);

  const columns: TableColumnsType<OpenItem> = [
    { key: 'ref_no', dataIndex: 'ref_no', title: t('recordList.no'), width: 170 },
    {
      key: 'kind',
      title: t('finance.kind'),
      width: 100,
      render: (_, row) => t(`finance.kinds.${row.kind}`, { defaultValue: row.kind }),
    },
    { key: 'date', title: t('recordList.date'), width: 150, render: (_, row) => formatDate(row.date) },
    {
      key: 'due_date',
      title: t('finance.dueDate'),
      width: 150,
      render: (_, row) => formatDate(row.due_date),
    },
    {
      key: 'amount',
      title: t('recordList.amount'),
      width: 130,
      align: 'right',
      render: (_, row) => money(row.amount, currency),
    },
    {
      key: 'open_amount',
      title: t('paymentDays.open'),
      width: 130,
      align: 'right',
      render: (_, row) => money(row.open_amount, currency),
    },
    {
      key: 'days_overdue',
      title: t('paymentDays.daysOverdue'),
      width: 130,
      render: (_, row) => {
        const label = overdueLabel(row.days_overdue);
        return (
          // Dark text colours, not antd's light tags: those fail the WCAG AA contrast ratio.
          <span
            className={`overdue-label ${row.days_overdue > 0 ? 'is-overdue' : 'is-due'} aging-${row.bucket}`}
          >
            {t(label.key, { count: label.count })}
          </span>
        );
      },
    },
  ];

  return (
    <section className="page records-page payment-days-page" aria-labelledby="payment-days-title">
      <h1 id="payment-days-title" className="page-title">
        {t('route.paymentDays')}
      </h1>
      <div className="finance-cards">
        <Card size="small">
          <Statistic
            title={t('paymentDays.terms')}
            value={t('paymentDays.termsDays', { count: data.payment_days })}
          />
        </Card>
        <Card size="small">
          <Statistic title={t('paymentDays.totalDue')} value={money(data.total_due, currency)} />
        </Card>
        <Card size="small">
          <Statistic title={t('paymentDays.overdue')} value={money(data.overdue, currency)} />
        </Card>
      </div>
      <h2 className="section-title">{t('paymentDays.aging')}</h2>
      <ol className="aging-buckets" aria-label={t('paymentDays.aging')}>
        {bars.map((bar) => (
          <li key={bar.bucket} className={`aging-card tone-${bar.tone}`} data-bucket={bar.bucket}>
            <span className="aging-label">{t(bar.labelKey)}</span>
            <strong className="aging-amount">{money(bar.amount, currency)}</strong>
            <span className="muted">{percent(bar.percent)}</span>
          </li>
        ))}
      </ol>
      <div className="aging-bar" aria-hidden="true">
        {bars
          .filter((bar) => bar.percent > 0)
          .map((bar) => (
            <span key={bar.bucket} className={`tone-${bar.tone}`} style={{ width: `${bar.percent}%` }} />
          ))}
      </div>
      <h2 className="section-title">
        {t('paymentDays.openItems')} <span className="muted">({data.open_count})</span>
      </h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('paymentDays.openItems')}>
        <Table<OpenItem>
          className="open-items-table"
          rowKey={(row) => `${row.ref_no}-${row.date}`}
          size="small"
          columns={columns}
          dataSource={data.open_items}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          style={{ minWidth: 960 }}
          locale={{ emptyText: <Empty description={t('paymentDays.nothingDue')} /> }}
        />
      </div>
    </section>
  );
}

import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { financeEndpoints, type PaymentRecord } from '@partsportal/contract/finance';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { RecordExportButton } from '@shared/records/record-export-button';
import { RecordTable } from '@shared/records/record-table';
import { TextFilter } from '@shared/records/text-filter';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useRecordList } from '@shared/records/use-record-list';
import { prefetchRecord } from '@shared/records/record-detail';
import { PaymentAmount } from './payment-amount';
import { paymentMethodLabel } from './payment-method';
import { paymentQuery } from './finance-query';

/**
 * The route table spells it `/Payment/index`, the top menu links `/payment/index`; the router
 * matches case-insensitively, so this page keeps the spelling it was opened with.
 */
function usePaymentPath(): string {
  const { pathname } = useLocation();
  return pathname.toLowerCase() === '/payment/index' ? pathname : '/Payment/index';
}

export default function PaymentPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  const path = usePaymentPath();
  const records = useRecordList(path, paymentQuery, financeEndpoints.getPaymentList);
  const { filters, update, data, sortable } = records;
  const methodLabel = (method: string) => paymentMethodLabel(t, method);

  const sheet = () => ({
    header: [
      t('recordList.date'),
      t('recordList.no'),
      t('recordList.amount'),
      t('finance.cutmoney'),
      t('stock.currency'),
      t('pay.method'),
      t('recordList.remark'),
    ],
    toRow: (row: PaymentRecord) => [
      dayjs.unix(row.date).format('YYYY-MM-DD HH:mm'),
      row.no,
      Number(row.amount),
      Number(row.cutmoney),
      row.currency,
      methodLabel(row.method),
      row.kind === 'payment' ? row.remark : `${t(`finance.paymentKinds.${row.kind}`)}: ${row.remark}`,
    ],
    sheetName: 'Payments',
    fileName: `payments-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
  });

  const columns: TableColumnsType<PaymentRecord> = [
    {
      key: 'date',
      title: t('recordList.date'),
      width: 150,
      ...sortable('date'),
      render: (_, row) => formatDate(row.date),
    },
    {
      key: 'no',
      title: t('recordList.no'),
      width: 180,
      ...sortable('no'),
      render: (_, row) => (
        <>
          <Link
            to={`/Payment/detail?id=${row.id}`}
            onMouseEnter={() => prefetchRecord(financeEndpoints.getPaymentDetail, row.id)}
          >
            {row.no}
          </Link>
          {/* Below sm the amount column is off-screen (375 px): the amount goes under the number. */}
          <div className="payment-xs-amount">
            <PaymentAmount record={row} money={money} />
          </div>
        </>
      ),
    },
    {
      key: 'amount',
      title: t('recordList.amount'),
      width: 190,
      align: 'right',
      ...sortable('amount'),
      render: (_, row) => <PaymentAmount record={row} money={money} />,
    },
    {
      key: 'cutmoney',
      title: t('finance.cutmoney'),
      width: 120,
      align: 'right',
      ...sortable('cutmoney'),
      render: (_, row) => money(row.cutmoney, row.currency),
    },
    { key: 'method', title: t('pay.method'), width: 130, render: (_, row) => methodLabel(row.method) },
    { key: 'remark', dataIndex: 'remark', title: t('recordList.remark'), width: 180, ellipsis: true },
  ];

  return (
    <section className="page records-page payment-page" aria-labelledby="payment-title">
      <h1 id="payment-title" className="page-title">
        {t('route.payment')}
      </h1>
      <div className="filter-bar">
        <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
        <TextFilter
          value={filters.no}
          label={t('recordList.no')}
          maxLength={64}
          onSearch={(no) => update({ no })}
        />
      </div>
      <div className="table-toolbar">
        <RecordExportButton total={data?.total} loadPage={records.loadPage} sheet={sheet} />
        {data && data.list[0] && (
          <span className="record-totals">
            <strong>{t('recordList.totals')}</strong>
            <span>
              {t('recordList.amount')}: {money(data.totals.amount, data.list[0].currency)}
            </span>
            <span>
              {t('finance.cutmoney')}: {money(data.totals.cutmoney, data.list[0].currency)}
            </span>
          </span>
        )}
      </div>
      <RecordTable<PaymentRecord>
        records={records}
        className="payment-table"
        columns={columns}
        scroll={{ x: 950 }}
        emptyText={t('recordList.empty')}
      />
    </section>
  );
}

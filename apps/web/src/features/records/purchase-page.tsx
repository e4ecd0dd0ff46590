import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PURCHASE_STATES, recordEndpoints, type Purchase } from '@partsportal/contract/records';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { EnumFilter } from '@shared/records/enum-filter';
import { RecordExportButton } from '@shared/records/record-export-button';
import { RecordTable } from '@shared/records/record-table';
import { RecordTotalsLine } from '@shared/records/record-totals';
import { TextFilter } from '@shared/records/text-filter';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useRecordList } from '@shared/records/use-record-list';
import { prefetchRecord } from '@shared/records/record-detail';
import { purchaseQuery } from './purchase-query';

export default function PurchasePage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  const records = useRecordList('/pur/index', purchaseQuery, recordEndpoints.getPurchaseList);
  const { filters, update, data, sortable } = records;

  const sheet = () => ({
    header: [
      t('purchase.supplier'),
      t('recordList.no'),
      t('recordList.billDate'),
      t('recordList.state'),
      t('stock.currency'),
      t('recordList.amount'),
      t('purchase.purchaser'),
      t('purchase.requireDate'),
      t('recordList.remark'),
    ],
    toRow: (row: Purchase) => [
      row.company_sort_name,
      row.no,
      dayjs.unix(row.bill_date).format('YYYY-MM-DD'),
      t(`purchaseState.${row.state}`),
      row.currency,
      Number(row.amount),
      row.sales_man_name,
      row.require_date ? dayjs.unix(row.require_date).format('YYYY-MM-DD') : '',
      row.remark,
    ],
    sheetName: 'Purchases',
    fileName: `purchases-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
  });

  const columns: TableColumnsType<Purchase> = [
    { key: 'company', dataIndex: 'company_sort_name', title: t('purchase.supplier'), width: 150 },
    {
      key: 'no',
      title: t('recordList.no'),
      width: 170,
      ...sortable('no'),
      render: (_, row) => (
        <Link
          to={`/pur/detail?id=${row.id}`}
          onMouseEnter={() => prefetchRecord(recordEndpoints.getPurchaseDetail, row.id)}
        >
          {row.no}
        </Link>
      ),
    },
    {
      key: 'bill_date',
      title: t('recordList.billDate'),
      width: 150,
      ...sortable('bill_date'),
      render: (_, row) => formatDate(row.bill_date),
    },
    {
      key: 'state',
      title: t('recordList.state'),
      width: 120,
      ...sortable('state'),
      render: (_, row) => t(`purchaseState.${row.state}`),
    },
    {
      key: 'amount',
      title: t('recordList.amount'),
      width: 140,
      align: 'right',
      ...sortable('amount'),
      render: (_, row) => money(row.amount, row.currency),
    },
    { key: 'sales_man_name', dataIndex: 'sales_man_name', title: t('purchase.purchaser'), width: 120 },
    {
      key: 'require_date',
      title: t('purchase.requireDate'),
      width: 150,
      ...sortable('require_date'),
      render: (_, row) => (row.require_date ? formatDate(row.require_date) : ''),
    },
    { key: 'remark', dataIndex: 'remark', title: t('recordList.remark'), width: 150, ellipsis: true },
  ];

  return (
    <section className="page records-page purchase-page" aria-labelledby="purchase-title">
      <h1 id="purchase-title" className="page-title">
        {t('route.purchaseSearch')}
      </h1>
      <div className="filter-bar">
        <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
        <TextFilter value={filters.no} label={t('recordList.no')} onSearch={(no) => update({ no })} />
        <EnumFilter
          className="filter-state"
          label={t('recordList.state')}
          values={PURCHASE_STATES}
          labelKey="purchaseState"
          value={filters.state}
          onChange={(state) => update({ state })}
        />
        <TextFilter
          value={filters.partNumber}
          label={t('catalog.number')}
          onSearch={(partNumber) => update({ partNumber })}
        />
      </div>
      <div className="table-toolbar">
        <RecordExportButton total={data?.total} loadPage={records.loadPage} sheet={sheet} />
        {data && <RecordTotalsLine totals={data.totals} />}
      </div>
      <RecordTable<Purchase>
        records={records}
        className="purchase-table"
        columns={columns}
        scroll={{ x: 1150 }}
        emptyText={t('purchase.empty')}
      />
    </section>
  );
}

import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderEndpoints, type OrderLineRow } from '@partsportal/contract/orders';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { formatMoney } from '@partsportal/contract/money-format';
import { RecordTable } from '@shared/records/record-table';
import { TextFilter } from '@shared/records/text-filter';
import { useRecordList } from '@shared/records/use-record-list';
import { useSettingsStore } from '@shared/stores/settings-store';
import { OrderStateTag } from '@shared/records/order-cells';
import { orderLineQuery } from './order-query';
import './orders.css';

const PATH = '/order/detailSearch';

export default function OrderLineSearchPage() {
  const { t } = useTranslation();
  const locale = useSettingsStore((s) => s.language);
  const formatDate = useFormatDate();
  const records = useRecordList(PATH, orderLineQuery, orderEndpoints.getOrderLineList);
  const { filters, update, data, sortable } = records;

  // Key columns first (number, date, part, quantities, price, subtotal) so that they fit 1440 px
  // beside the open sidebar without a sideways scroll; the rest follows.
  const columns: TableColumnsType<OrderLineRow> = [
    {
      key: 'no',
      dataIndex: 'order_no',
      title: t('orders.no'),
      width: 170,
      ...sortable('no'),
      render: (_, row) => (
        <Link to={`/order/detail?id=${row.order_id}`} className="order-no">
          {row.order_no}
        </Link>
      ),
    },
    {
      key: 'bill_date',
      dataIndex: 'bill_date',
      title: t('orders.billDate'),
      width: 150,
      ...sortable('bill_date'),
      render: (_, row) => formatDate(row.bill_date),
    },
    {
      key: 'number',
      dataIndex: 'number',
      title: t('catalog.number'),
      width: 140,
      className: 'product-number',
      ...sortable('number'),
    },
    { key: 'part_name', dataIndex: 'part_name', title: t('catalog.partName'), width: 160 },
    {
      key: 'qty',
      dataIndex: 'qty',
      title: t('recordList.qty'),
      width: 80,
      align: 'right',
      ...sortable('qty'),
    },
    { key: 'export_qty', dataIndex: 'export_qty', title: t('orders.exportQty'), width: 95, align: 'right' },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 110,
      align: 'right',
      render: (_, row) => formatMoney(row.price, row.currency, locale),
    },
    {
      key: 'sum',
      dataIndex: 'sum',
      title: t('orders.sum'),
      width: 120,
      align: 'right',
      ...sortable('sum'),
      render: (_, row) => formatMoney(row.sum, row.currency, locale),
    },
    {
      key: 'state',
      title: t('orders.state'),
      width: 130,
      render: (_, row) => <OrderStateTag state={row.state} />,
    },
    { key: 'seq', dataIndex: 'seq', title: t('orders.seq'), width: 56 },
    { key: 'factory', dataIndex: 'factory', title: t('catalog.factory'), width: 100 },
    { key: 'my_number', dataIndex: 'my_number', title: t('catalog.myNumber'), width: 110 },
    { key: 'client_remark', dataIndex: 'client_remark', title: t('orders.clientRemark'), ellipsis: true },
  ];

  return (
    <section className="page order-line-search-page" aria-labelledby="order-lines-title">
      <h1 id="order-lines-title" className="page-title">
        {t('route.orderDetailSearch')}
      </h1>
      <div className="filter-bar">
        <TextFilter
          value={filters.partNumber}
          label={t('catalog.number')}
          className="filter-part"
          onSearch={(partNumber) => update({ partNumber })}
        />
        <TextFilter
          value={filters.name}
          label={t('catalog.partName')}
          className="filter-name"
          onSearch={(name) => update({ name })}
        />
        <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
        <TextFilter
          value={filters.no}
          label={t('orders.no')}
          className="filter-no"
          maxLength={40}
          onSearch={(no) => update({ no })}
        />
      </div>
      {data && <p className="muted total-line">{t('catalog.total', { count: data.total })}</p>}
      <RecordTable<OrderLineRow>
        records={records}
        className="order-line-table"
        columns={columns}
        scroll={{ x: 1530 }}
        emptyText={t('orders.noLines')}
      />
    </section>
  );
}

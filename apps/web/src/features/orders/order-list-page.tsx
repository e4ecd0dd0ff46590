import { Select, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import {
  ORDER_STATES,
  orderEndpoints,
  type OrderHeader,
  type OrderState,
} from '@partsportal/contract/orders';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { formatMoney } from '@partsportal/contract/money-format';
import { RecordExportButton } from '@shared/records/record-export-button';
import { RecordTable } from '@shared/records/record-table';
import { TextFilter } from '@shared/records/text-filter';
import { useRecordList } from '@shared/records/use-record-list';
import { useSettingsStore } from '@shared/stores/settings-store';
import { DeliveryRate, OrderStateTag } from '@shared/records/order-cells';
import { channelLabel } from '@shared/records/channel';
import { formatDeliveryRate } from '@shared/records/order-state';
import { prefetchRecord } from '@shared/records/record-detail';
import { orderListQuery } from './order-query';
import './orders.css';

const PATH = '/order/index';
/** Channels the server writes into `from` (spec from/fromsystem). */
const CHANNELS = ['web', 'erp', 'import'] as const;

export default function OrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettingsStore((s) => s.language);
  const formatDate = useFormatDate();
  const records = useRecordList(PATH, orderListQuery, orderEndpoints.getOrderList);
  const { filters, update, data, sortable } = records;

  const headers = {
    company: t('orders.company'),
    no: t('orders.no'),
    po: t('orders.poNumber'),
    date: t('orders.billDate'),
    from: t('orders.from'),
    state: t('orders.state'),
    currency: t('stock.currency'),
    rate: t('orders.deliveryRate'),
    amount: t('orders.amount'),
    remark: t('orders.remark'),
  };

  const sheet = () => ({
    header: Object.values(headers),
    toRow: (o: OrderHeader) => [
      o.company_sort_name,
      o.no,
      o.po_number,
      dayjs.unix(o.bill_date).format('YYYY-MM-DD HH:mm'),
      channelLabel(t, o.from),
      t(`orderState.${o.state}`),
      o.currency,
      formatDeliveryRate(o.export_rate, locale),
      Number(o.amount),
      o.remark,
    ],
    fileName: `orders-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
    sheetName: 'Orders',
  });

  // Key columns first and widths that fit 1440 px beside the open sidebar (1,158 px of table):
  // the number, date, status, amount and delivery show without a sideways scroll in en, es and
  // zh; the channel, currency and remark follow.
  const columns: TableColumnsType<OrderHeader> = [
    { key: 'company_sort_name', dataIndex: 'company_sort_name', title: headers.company, width: 130 },
    {
      key: 'no',
      dataIndex: 'no',
      title: headers.no,
      width: 170,
      ...sortable('no'),
      render: (_, o) => (
        <Link
          to={`/order/detail?id=${o.id}`}
          onClick={(e) => e.stopPropagation()}
          onMouseEnter={() => prefetchRecord(orderEndpoints.getOrderDetail, o.id)}
          className="order-no"
        >
          {o.no}
        </Link>
      ),
    },
    {
      key: 'bill_date',
      dataIndex: 'bill_date',
      title: headers.date,
      width: 150,
      ...sortable('bill_date'),
      render: (_, o) => formatDate(o.bill_date),
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: headers.state,
      width: 140,
      ...sortable('state'),
      render: (_, o) => <OrderStateTag state={o.state} />,
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: headers.amount,
      width: 140,
      align: 'right',
      ...sortable('amount'),
      render: (_, o) => formatMoney(o.amount, o.currency, locale),
    },
    {
      key: 'export_rate',
      title: headers.rate,
      width: 130,
      render: (_, o) => <DeliveryRate rate={o.export_rate} locale={locale} />,
    },
    { key: 'po_number', dataIndex: 'po_number', title: headers.po, width: 120, ellipsis: true },
    {
      key: 'from',
      dataIndex: 'from',
      title: headers.from,
      width: 90,
      render: (_, o) => channelLabel(t, o.from),
    },
    { key: 'currency', dataIndex: 'currency', title: headers.currency, width: 80 },
    { key: 'remark', dataIndex: 'remark', title: headers.remark, ellipsis: true },
  ];

  return (
    <section className="page order-list-page" aria-labelledby="order-list-title">
      <h1 id="order-list-title" className="page-title">
        {t('route.orderSearch')}
      </h1>
      <div className="filter-bar">
        <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
        <TextFilter
          value={filters.no}
          label={t('orders.no')}
          className="filter-no"
          maxLength={40}
          onSearch={(no) => update({ no })}
        />
        <Select<OrderState[]>
          mode="multiple"
          className="filter-states"
          allowClear
          maxTagCount={1}
          aria-label={t('orders.state')}
          placeholder={t('orders.state')}
          value={filters.states}
          options={ORDER_STATES.map((state) => ({ value: state, label: t(`orderState.${state}`) }))}
          onChange={(states) => update({ states })}
        />
        <TextFilter
          value={filters.partNumber}
          label={t('catalog.number')}
          className="filter-part"
          onSearch={(partNumber) => update({ partNumber })}
        />
        <Select<string>
          className="filter-channel"
          allowClear
          aria-label={headers.from}
          placeholder={headers.from}
          value={filters.fromSystem || undefined}
          options={CHANNELS.map((c) => ({ value: c, label: channelLabel(t, c) }))}
          onChange={(fromSystem) => update({ fromSystem: fromSystem ?? '' })}
        />
      </div>
      <div className="table-toolbar">
        <RecordExportButton total={data?.total} loadPage={records.loadPage} sheet={sheet} />
        {data && <span className="muted total-line">{t('catalog.total', { count: data.total })}</span>}
      </div>
      <RecordTable<OrderHeader>
        records={records}
        className="order-table"
        columns={columns}
        scroll={{ x: 1300 }}
        rowClassName={() => 'clickable-row'}
        onRow={(o) => ({ onClick: () => void navigate(`/order/detail?id=${o.id}`) })}
        emptyText={t('orders.empty')}
        summary={() =>
          data && data.total > 0 ? (
            <Table.Summary.Row className="totals-row">
              <Table.Summary.Cell index={0} colSpan={4}>
                <strong>{t('orders.totals')}</strong>{' '}
                <span className="muted">{t('orders.totalQty', { qty: data.totals.total_qty })}</span>
              </Table.Summary.Cell>
              {/* Under the Amount column (index 4); the cells after it cover the rest. */}
              <Table.Summary.Cell index={4} align="right">
                <strong>{formatMoney(data.totals.amount, data.list[0]?.currency ?? '', locale)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} colSpan={5} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </section>
  );
}

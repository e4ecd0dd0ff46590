import { Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import { recordEndpoints, type Delivery } from '@partsportal/contract/records';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { formatMoney } from '@partsportal/contract/money-format';
import { RecordExportButton } from '@shared/records/record-export-button';
import { RecordTable } from '@shared/records/record-table';
import { TextFilter } from '@shared/records/text-filter';
import { useRecordList } from '@shared/records/use-record-list';
import { useSettingsStore } from '@shared/stores/settings-store';
import { prefetchRecord } from '@shared/records/record-detail';
import { deliveryQuery } from './delivery-query';
import './records.css';
import { WaybillLink } from './waybill-link';

const PATH = '/export/index';

export default function DeliveryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettingsStore((s) => s.language);
  const formatDate = useFormatDate();
  const records = useRecordList(PATH, deliveryQuery, recordEndpoints.getDeliveryList);
  const { filters, update, data, sortable } = records;

  const headers = [
    t('orders.date'),
    t('orders.deliveryNo'),
    t('orders.lineCount'),
    t('orders.totalQtyShort'),
    t('orders.amount'),
    t('stock.currency'),
    t('orders.logistics'),
    t('orders.logisticsNo'),
    t('orders.remark'),
  ];
  const sheet = () => ({
    header: headers,
    toRow: (d: Delivery) => [
      dayjs.unix(d.date).format('YYYY-MM-DD HH:mm'),
      d.no,
      d.count,
      d.total_qty,
      Number(d.amount),
      d.currency,
      d.logistics_name,
      d.logistics_no,
      d.remark,
    ],
    fileName: `deliveries-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
    sheetName: 'Deliveries',
  });

  const columns: TableColumnsType<Delivery> = [
    { key: 'date', title: headers[0], width: 150, ...sortable('date'), render: (_, d) => formatDate(d.date) },
    {
      key: 'no',
      title: headers[1],
      width: 190,
      ...sortable('no'),
      render: (_, d) => (
        <Link
          to={`/export/detail?id=${d.id}`}
          onClick={(e) => e.stopPropagation()}
          onMouseEnter={() => prefetchRecord(recordEndpoints.getDeliveryDetail, d.id)}
          className="delivery-no"
        >
          {d.no}
        </Link>
      ),
    },
    { key: 'count', dataIndex: 'count', title: headers[2], width: 80, align: 'right', ...sortable('count') },
    {
      key: 'total_qty',
      dataIndex: 'total_qty',
      title: headers[3],
      width: 90,
      align: 'right',
      ...sortable('total_qty'),
    },
    {
      key: 'amount',
      title: headers[4],
      width: 150,
      align: 'right',
      ...sortable('amount'),
      render: (_, d) => formatMoney(d.amount, d.currency, locale),
    },
    {
      key: 'logistics',
      title: headers[6],
      width: 200,
      render: (_, d) =>
        d.logistics_name || d.logistics_no ? (
          <>
            {d.logistics_name} <WaybillLink no={d.logistics_no} url={d.tracking_url} />
          </>
        ) : (
          '—'
        ),
    },
    { key: 'remark', dataIndex: 'remark', title: headers[8], ellipsis: true },
  ];

  return (
    <section className="page delivery-list-page" aria-labelledby="delivery-list-title">
      <h1 id="delivery-list-title" className="page-title">
        {t('route.deliveryRecord')}
      </h1>
      <div className="filter-bar">
        <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
        <TextFilter
          value={filters.no}
          label={t('orders.deliveryNo')}
          className="filter-no"
          onSearch={(no) => update({ no })}
        />
      </div>
      <div className="table-toolbar">
        <RecordExportButton total={data?.total} loadPage={records.loadPage} sheet={sheet} />
        {data && <span className="muted total-line">{t('catalog.total', { count: data.total })}</span>}
      </div>
      <RecordTable<Delivery>
        records={records}
        className="delivery-table"
        columns={columns}
        scroll={{ x: 1050 }}
        rowClassName={() => 'clickable-row'}
        onRow={(d) => ({ onClick: () => void navigate(`/export/detail?id=${d.id}`) })}
        emptyText={t('orders.noDeliveries')}
        summary={() =>
          data && data.totals.length > 0 ? (
            <>
              {data.totals.map((total) => (
                <Table.Summary.Row key={total.currency} className="totals-row">
                  <Table.Summary.Cell index={0} colSpan={3}>
                    <strong>{t('orders.totals')}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {total.total_qty}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <strong>{formatMoney(total.amount, total.currency, locale)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} colSpan={2} />
                </Table.Summary.Row>
              ))}
            </>
          ) : null
        }
      />
    </section>
  );
}

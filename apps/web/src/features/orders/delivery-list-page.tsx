import { useMemo } from 'react';
import { Button, Empty, Skeleton, Table, type TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  DELIVERY_SORTS,
  recordEndpoints,
  type Delivery,
  type DeliverySort,
} from '@partsportal/contract/records';
import { callEndpoint } from '@shared/api/client';
import { usePagedExport } from '@shared/export/use-paged-export';
import { useAsyncData } from '@shared/hooks/use-async-data';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { RECORD_PAGE_SIZES, sortFromTable, sortOrderOf } from '@shared/records/list-query';
import { formatMoney } from '@shared/records/money';
import { TextFilter } from '@shared/records/text-filter';
import { useSettingsStore } from '@shared/stores/settings-store';
import {
  parseDeliveryQuery,
  toDeliveryQuery,
  toDeliveryRequest,
  type DeliveryFilters,
} from './delivery-query';
import './orders.css';

const PATH = '/export/index';

export default function DeliveryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettingsStore((s) => s.language);
  const formatDate = useFormatDate();
  const [params, setParams] = useRouteSearchParams(PATH);
  const filters = useMemo(() => parseDeliveryQuery(params), [params]);
  const update = (patch: Partial<DeliveryFilters>) =>
    setParams(toDeliveryQuery({ ...filters, page: 1, ...patch }));
  const key = toDeliveryQuery(filters).toString() || 'all';
  const list = useAsyncData(key, () =>
    callEndpoint(recordEndpoints.getDeliveryList, toDeliveryRequest(filters)),
  );
  const exporter = usePagedExport();

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
  const onExport = () =>
    exporter.start<Delivery>(
      {
        loadPage: (page, pageSize) =>
          callEndpoint(recordEndpoints.getDeliveryList, toDeliveryRequest(filters, page, pageSize)),
        header: headers,
        toRow: (d) => [
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
      },
      list.data?.total ?? 0,
    );

  const sortable = (column: DeliverySort) => ({ sorter: true, sortOrder: sortOrderOf(filters, column) });
  const columns: TableColumnsType<Delivery> = [
    { key: 'date', title: headers[0], width: 150, ...sortable('date'), render: (_, d) => formatDate(d.date) },
    {
      key: 'no',
      title: headers[1],
      width: 190,
      ...sortable('no'),
      render: (_, d) => (
        <Link to={`/export/detail?id=${d.id}`} onClick={(e) => e.stopPropagation()} className="delivery-no">
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
      render: (_, d) => (d.logistics_name ? `${d.logistics_name} ${d.logistics_no}`.trim() : '—'),
    },
    { key: 'remark', dataIndex: 'remark', title: headers[8], ellipsis: true },
  ];

  const data = list.data;
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
        <Button
          icon={<FileExcelOutlined />}
          className="export-xlsx"
          disabled={!data || data.total === 0 || exporter.running}
          onClick={() => void onExport()}
        >
          {t('stock.export')}
        </Button>
        {data && <span className="muted total-line">{t('catalog.total', { count: data.total })}</span>}
      </div>
      {!data && list.loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Table<Delivery>
          className="delivery-table"
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns}
          dataSource={data?.list ?? []}
          scroll={{ x: 1050 }}
          rowClassName={() => 'clickable-row'}
          onRow={(d) => ({ onClick: () => void navigate(`/export/detail?id=${d.id}`) })}
          locale={{ emptyText: <Empty description={t('orders.noDeliveries')} /> }}
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort' && !Array.isArray(sorter)) {
              update({
                sort: undefined,
                order: undefined,
                ...sortFromTable(sorter.columnKey, sorter.order, DELIVERY_SORTS),
              });
            }
          }}
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
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: RECORD_PAGE_SIZES.map(String),
            showTotal: (total) => t('catalog.total', { count: total }),
            onChange: (page, pageSize) =>
              update({ page: pageSize === filters.pageSize ? page : 1, pageSize }),
          }}
        />
      )}
      {exporter.modal}
    </section>
  );
}

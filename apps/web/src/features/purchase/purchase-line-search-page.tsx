import { useMemo } from 'react';
import { Button, Empty, Skeleton, Table, type TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordEndpoints, PURCHASE_LINE_SORTS, type PurchaseLineRow } from '@partsportal/contract/records';
import { callEndpoint } from '@shared/api/client';
import { usePagedExport } from '@shared/export/use-paged-export';
import { useAsyncData } from '@shared/hooks/use-async-data';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import {
  MAX_RECORD_PAGE_SIZE,
  RECORD_PAGE_SIZES,
  sortFromTable,
  sortOrderOf,
} from '@shared/records/list-query';
import { TextFilter } from '@shared/records/text-filter';
import { useFormatMoney } from '@shared/records/use-format-money';
import {
  parsePurchaseLineQuery,
  toPurchaseLineQuery,
  toPurchaseLineRequest,
  type PurchaseLineFilters,
} from './purchase-query';

const PATH = '/pur/detailSearch';

export default function PurchaseLineSearchPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  const [params, setParams] = useRouteSearchParams(PATH);
  const filters = useMemo(() => parsePurchaseLineQuery(params), [params]);
  const update = (patch: Partial<PurchaseLineFilters>) =>
    setParams(toPurchaseLineQuery({ ...filters, page: 1, ...patch }));
  const list = useAsyncData(`purchase-lines?${toPurchaseLineQuery(filters).toString()}`, () =>
    callEndpoint(recordEndpoints.getPurchaseLineList, toPurchaseLineRequest(filters)),
  );
  const data = list.data;
  const exporter = usePagedExport();
  const onExport = () =>
    exporter.start<PurchaseLineRow>(
      {
        loadPage: (page, pageSize) =>
          callEndpoint(
            recordEndpoints.getPurchaseLineList,
            toPurchaseLineRequest({ ...filters, page, pageSize }),
          ),
        pageSize: MAX_RECORD_PAGE_SIZE,
        header: [
          t('recordList.no'),
          t('recordList.billDate'),
          t('catalog.number'),
          t('catalog.partName'),
          t('catalog.factory'),
          t('catalog.unit'),
          t('recordList.qty'),
          t('purchase.receivedQty'),
          t('stock.currency'),
          t('catalog.price'),
          t('recordList.sum'),
          t('recordList.state'),
        ],
        toRow: (row) => [
          row.no,
          dayjs.unix(row.bill_date).format('YYYY-MM-DD'),
          row.number,
          row.part_name,
          row.factory,
          row.unit,
          row.qty,
          row.received_qty,
          row.currency,
          Number(row.price),
          Number(row.sum),
          t(`purchaseState.${row.state}`),
        ],
        sheetName: 'Purchase lines',
        fileName: `purchase-lines-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
      },
      data?.total ?? 0,
    );

  const columns: TableColumnsType<PurchaseLineRow> = [
    {
      key: 'no',
      title: t('recordList.no'),
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'no'),
      render: (_, row) => <Link to={`/pur/detail?id=${row.purchase_id}`}>{row.no}</Link>,
    },
    {
      key: 'bill_date',
      title: t('recordList.billDate'),
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'bill_date'),
      render: (_, row) => formatDate(row.bill_date),
    },
    {
      key: 'number',
      dataIndex: 'number',
      title: t('catalog.number'),
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'number'),
    },
    { key: 'part_name', dataIndex: 'part_name', title: t('catalog.partName'), width: 170 },
    { key: 'factory', dataIndex: 'factory', title: t('catalog.factory'), width: 100 },
    { key: 'unit', dataIndex: 'unit', title: t('catalog.unit'), width: 60 },
    {
      key: 'qty',
      dataIndex: 'qty',
      title: t('recordList.qty'),
      width: 80,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'qty'),
    },
    {
      key: 'received_qty',
      dataIndex: 'received_qty',
      title: t('purchase.receivedQty'),
      width: 90,
      align: 'right',
    },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 120,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'price'),
      render: (_, row) => money(row.price, row.currency),
    },
    {
      key: 'sum',
      title: t('recordList.sum'),
      width: 130,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'sum'),
      render: (_, row) => money(row.sum, row.currency),
    },
    {
      key: 'state',
      title: t('recordList.state'),
      width: 120,
      render: (_, row) => t(`purchaseState.${row.state}`),
    },
  ];

  return (
    <section className="page records-page" aria-labelledby="purchase-lines-title">
      <h1 id="purchase-lines-title" className="page-title">
        {t('route.purchaseDetailSearch')}
      </h1>
      <div className="filter-bar">
        <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
        <TextFilter
          value={filters.partNumber}
          label={t('catalog.number')}
          onSearch={(partNumber) => update({ partNumber })}
        />
        <TextFilter
          value={filters.name}
          label={t('catalog.partName')}
          onSearch={(name) => update({ name })}
        />
        <TextFilter value={filters.no} label={t('recordList.no')} onSearch={(no) => update({ no })} />
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
      </div>
      {!data && list.loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Table<PurchaseLineRow>
          className="purchase-line-table"
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns}
          dataSource={data?.list ?? []}
          scroll={{ x: 1330 }}
          locale={{ emptyText: <Empty description={t('recordList.empty')} /> }}
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action !== 'sort' || Array.isArray(sorter)) return;
            const sort = sortFromTable(sorter.columnKey, sorter.order, PURCHASE_LINE_SORTS);
            update({ sort: sort.sort, order: sort.order });
          }}
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

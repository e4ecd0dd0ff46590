import { useMemo } from 'react';
import { Button, Empty, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PURCHASE_SORTS,
  PURCHASE_STATES,
  recordEndpoints,
  type Purchase,
} from '@partsportal/contract/records';
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
import { RecordTotalsLine } from '@shared/records/record-totals';
import { TextFilter } from '@shared/records/text-filter';
import { useFormatMoney } from '@shared/records/use-format-money';
import {
  parsePurchaseQuery,
  toPurchaseQuery,
  toPurchaseRequest,
  type PurchaseFilters,
} from './purchase-query';

const PATH = '/pur/index';

export default function PurchasePage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  const [params, setParams] = useRouteSearchParams(PATH);
  const filters = useMemo(() => parsePurchaseQuery(params), [params]);
  const update = (patch: Partial<PurchaseFilters>) =>
    setParams(toPurchaseQuery({ ...filters, page: 1, ...patch }));
  const list = useAsyncData(`purchases?${toPurchaseQuery(filters).toString()}`, () =>
    callEndpoint(recordEndpoints.getPurchaseList, toPurchaseRequest(filters)),
  );
  const data = list.data;
  const exporter = usePagedExport();
  const onExport = () =>
    exporter.start<Purchase>(
      {
        loadPage: (page, pageSize) =>
          callEndpoint(recordEndpoints.getPurchaseList, toPurchaseRequest({ ...filters, page, pageSize })),
        pageSize: MAX_RECORD_PAGE_SIZE,
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
        toRow: (row) => [
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
      },
      data?.total ?? 0,
    );

  const columns: TableColumnsType<Purchase> = [
    { key: 'company', dataIndex: 'company_sort_name', title: t('purchase.supplier'), width: 150 },
    {
      key: 'no',
      title: t('recordList.no'),
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'no'),
      render: (_, row) => <Link to={`/pur/detail?id=${row.id}`}>{row.no}</Link>,
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
      key: 'state',
      title: t('recordList.state'),
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'state'),
      render: (_, row) => t(`purchaseState.${row.state}`),
    },
    {
      key: 'amount',
      title: t('recordList.amount'),
      width: 150,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'amount'),
      render: (_, row) => money(row.amount, row.currency),
    },
    { key: 'sales_man_name', dataIndex: 'sales_man_name', title: t('purchase.purchaser'), width: 120 },
    {
      key: 'require_date',
      title: t('purchase.requireDate'),
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'require_date'),
      render: (_, row) => (row.require_date ? formatDate(row.require_date) : ''),
    },
    { key: 'remark', dataIndex: 'remark', title: t('recordList.remark'), width: 170, ellipsis: true },
  ];

  return (
    <section className="page records-page purchase-page" aria-labelledby="purchase-title">
      <h1 id="purchase-title" className="page-title">
        {t('route.purchaseSearch')}
      </h1>
      <div className="filter-bar">
        <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
        <TextFilter value={filters.no} label={t('recordList.no')} onSearch={(no) => update({ no })} />
        <Select
          className="filter-state"
          allowClear
          aria-label={t('recordList.state')}
          placeholder={t('recordList.state')}
          value={filters.state}
          options={PURCHASE_STATES.map((state) => ({ value: state, label: t(`purchaseState.${state}`) }))}
          onChange={(state) => update({ state })}
        />
        <TextFilter
          value={filters.partNumber}
          label={t('catalog.number')}
          onSearch={(partNumber) => update({ partNumber })}
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
        {data && <RecordTotalsLine totals={data.totals} />}
      </div>
      {!data && list.loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Table<Purchase>
          className="purchase-table"
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns}
          dataSource={data?.list ?? []}
          scroll={{ x: 1180 }}
          locale={{ emptyText: <Empty description={t('purchase.empty')} /> }}
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action !== 'sort' || Array.isArray(sorter)) return;
            const sort = sortFromTable(sorter.columnKey, sorter.order, PURCHASE_SORTS);
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

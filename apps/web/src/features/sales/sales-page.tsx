import { useMemo } from 'react';
import { Button, Empty, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CARGO_STATES,
  recordEndpoints,
  SALES_SORTS,
  SALES_STATES,
  type SalesBill,
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
import { CargoStateTag } from './cargo-state-tag';
import { parseSalesQuery, toSalesQuery, toSalesRequest, type SalesFilters } from './sales-query';

const PATH = '/sales/index';

export default function SalesPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money, percent } = useFormatMoney();
  const [params, setParams] = useRouteSearchParams(PATH);
  const filters = useMemo(() => parseSalesQuery(params), [params]);
  const update = (patch: Partial<SalesFilters>) => setParams(toSalesQuery({ ...filters, page: 1, ...patch }));
  const list = useAsyncData(`sales?${toSalesQuery(filters).toString()}`, () =>
    callEndpoint(recordEndpoints.getSalesList, toSalesRequest(filters)),
  );
  const exporter = usePagedExport();
  const data = list.data;

  const onExport = () =>
    exporter.start<SalesBill>(
      {
        loadPage: (page, pageSize) =>
          callEndpoint(recordEndpoints.getSalesList, toSalesRequest(filters, page, pageSize)),
        pageSize: MAX_RECORD_PAGE_SIZE,
        header: [
          t('recordList.company'),
          t('recordList.no'),
          t('recordList.billDate'),
          t('recordList.from'),
          t('recordList.state'),
          t('sales.cargoState'),
          t('sales.logisticsName'),
          t('sales.logisticsNo'),
          t('stock.currency'),
          t('recordList.exportRate'),
          t('recordList.amount'),
          t('recordList.remark'),
        ],
        toRow: (row) => [
          row.company_sort_name,
          row.no,
          dayjs.unix(row.bill_date).format('YYYY-MM-DD HH:mm'),
          row.from,
          t(`salesState.${row.state}`),
          t(`cargoState.${row.cargo_state}`),
          row.logistics_name,
          row.logistics_no,
          row.currency,
          Number(row.export_rate),
          Number(row.amount),
          row.remark,
        ],
        sheetName: 'Sales',
        fileName: `sales-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
      },
      data?.total ?? 0,
    );

  const columns: TableColumnsType<SalesBill> = [
    { key: 'company', dataIndex: 'company_sort_name', title: t('recordList.company'), width: 150 },
    {
      key: 'no',
      dataIndex: 'no',
      title: t('recordList.no'),
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'no'),
      render: (_, row) => <Link to={`/sales/detail?id=${row.id}`}>{row.no}</Link>,
    },
    {
      key: 'bill_date',
      dataIndex: 'bill_date',
      title: t('recordList.billDate'),
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'bill_date'),
      render: (_, row) => formatDate(row.bill_date),
    },
    { key: 'from', dataIndex: 'from', title: t('recordList.from'), width: 70 },
    {
      key: 'state',
      title: t('recordList.state'),
      width: 100,
      render: (_, row) => t(`salesState.${row.state}`),
    },
    {
      key: 'cargo_state',
      dataIndex: 'cargo_state',
      title: t('sales.cargoState'),
      width: 110,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'cargo_state'),
      render: (_, row) => <CargoStateTag state={row.cargo_state} />,
    },
    { key: 'logistics_name', dataIndex: 'logistics_name', title: t('sales.logisticsName'), width: 120 },
    {
      key: 'logistics_no',
      dataIndex: 'logistics_no',
      title: t('sales.logisticsNo'),
      width: 160,
      render: (_, row) => <span className="logistics-no">{row.logistics_no}</span>,
    },
    { key: 'currency', dataIndex: 'currency', title: t('stock.currency'), width: 80 },
    {
      key: 'export_rate',
      dataIndex: 'export_rate',
      title: t('recordList.exportRate'),
      width: 100,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'export_rate'),
      render: (_, row) => percent(row.export_rate),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('recordList.amount'),
      width: 150,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'amount'),
      render: (_, row) => money(row.amount, row.currency),
    },
    { key: 'remark', dataIndex: 'remark', title: t('recordList.remark'), width: 170, ellipsis: true },
  ];

  return (
    <section className="page records-page sales-page" aria-labelledby="sales-title">
      <h1 id="sales-title" className="page-title">
        {t('route.salesSearch')}
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
          options={SALES_STATES.map((state) => ({ value: state, label: t(`salesState.${state}`) }))}
          onChange={(state) => update({ state })}
        />
        <Select
          className="filter-cargo"
          allowClear
          aria-label={t('sales.cargoState')}
          placeholder={t('sales.cargoState')}
          value={filters.cargoState}
          options={CARGO_STATES.map((state) => ({ value: state, label: t(`cargoState.${state}`) }))}
          onChange={(cargoState) => update({ cargoState })}
        />
        <TextFilter
          value={filters.logisticsNo}
          label={t('sales.logisticsNo')}
          onSearch={(logisticsNo) => update({ logisticsNo })}
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
        <Table<SalesBill>
          className="sales-table"
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns}
          dataSource={data?.list ?? []}
          scroll={{ x: 1530 }}
          locale={{ emptyText: <Empty description={t('recordList.empty')} /> }}
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action !== 'sort' || Array.isArray(sorter)) return;
            const sort = sortFromTable(sorter.columnKey, sorter.order, SALES_SORTS);
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

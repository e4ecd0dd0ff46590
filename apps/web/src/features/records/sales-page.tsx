import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CARGO_STATES, recordEndpoints, SALES_STATES, type SalesBill } from '@partsportal/contract/records';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { channelLabel } from '@shared/records/channel';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { EnumFilter } from '@shared/records/enum-filter';
import { RecordExportButton } from '@shared/records/record-export-button';
import { RecordTable } from '@shared/records/record-table';
import { RecordTotalsLine } from '@shared/records/record-totals';
import { TextFilter } from '@shared/records/text-filter';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useRecordList } from '@shared/records/use-record-list';
import { prefetchRecord } from '@shared/records/record-detail';
import { CargoStateTag } from './cargo-state-tag';
import { salesQuery } from './sales-query';
import { WaybillLink } from './waybill-link';

export default function SalesPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money, percent } = useFormatMoney();
  const records = useRecordList('/sales/index', salesQuery, recordEndpoints.getSalesList);
  const { filters, update, data, sortable } = records;

  const sheet = () => ({
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
    toRow: (row: SalesBill) => [
      row.company_sort_name,
      row.no,
      dayjs.unix(row.bill_date).format('YYYY-MM-DD HH:mm'),
      channelLabel(t, row.from),
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
  });

  const columns: TableColumnsType<SalesBill> = [
    {
      key: 'company',
      dataIndex: 'company_sort_name',
      title: t('recordList.company'),
      width: 100,
      ellipsis: true,
    },
    {
      key: 'no',
      dataIndex: 'no',
      title: t('recordList.no'),
      width: 150,
      ...sortable('no'),
      render: (_, row) => (
        <Link
          to={`/sales/detail?id=${row.id}`}
          onMouseEnter={() => prefetchRecord(recordEndpoints.getSalesDetail, row.id)}
        >
          {row.no}
        </Link>
      ),
    },
    {
      key: 'bill_date',
      dataIndex: 'bill_date',
      title: t('recordList.billDate'),
      width: 138,
      ...sortable('bill_date'),
      render: (_, row) => formatDate(row.bill_date),
    },
    {
      key: 'from',
      dataIndex: 'from',
      title: t('recordList.from'),
      width: 68,
      render: (_, row) => channelLabel(t, row.from),
    },
    {
      key: 'state',
      title: t('recordList.state'),
      width: 76,
      render: (_, row) => t(`salesState.${row.state}`),
    },
    {
      key: 'cargo_state',
      dataIndex: 'cargo_state',
      title: t('sales.cargoState'),
      width: 96,
      ...sortable('cargo_state'),
      render: (_, row) => <CargoStateTag state={row.cargo_state} />,
    },
    {
      key: 'logistics_name',
      dataIndex: 'logistics_name',
      title: t('sales.logisticsName'),
      width: 90,
      ellipsis: true,
    },
    {
      key: 'logistics_no',
      dataIndex: 'logistics_no',
      title: t('sales.logisticsNo'),
      width: 150,
      render: (_, row) => <WaybillLink no={row.logistics_no} url={row.tracking_url} />,
    },
    {
      key: 'export_rate',
      dataIndex: 'export_rate',
      title: t('recordList.exportRate'),
      width: 100,
      align: 'right',
      ...sortable('export_rate'),
      render: (_, row) => percent(row.export_rate),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('recordList.amount'),
      width: 130,
      align: 'right',
      ...sortable('amount'),
      render: (_, row) => money(row.amount, row.currency),
    },
    { key: 'remark', dataIndex: 'remark', title: t('recordList.remark'), width: 60, ellipsis: true },
  ];

  return (
    <section className="page records-page sales-page" aria-labelledby="sales-title">
      <h1 id="sales-title" className="page-title">
        {t('route.salesSearch')}
      </h1>
      <div className="filter-bar">
        <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
        <TextFilter value={filters.no} label={t('recordList.no')} onSearch={(no) => update({ no })} />
        <EnumFilter
          className="filter-state"
          label={t('recordList.state')}
          values={SALES_STATES}
          labelKey="salesState"
          value={filters.state}
          onChange={(state) => update({ state })}
        />
        <EnumFilter
          className="filter-cargo"
          label={t('sales.cargoState')}
          values={CARGO_STATES}
          labelKey="cargoState"
          value={filters.cargoState}
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
        <RecordExportButton total={data?.total} loadPage={records.loadPage} sheet={sheet} />
        {data && <RecordTotalsLine totals={data.totals} />}
      </div>
      <RecordTable<SalesBill>
        records={records}
        className="sales-table"
        columns={columns}
        scroll={{ x: 1158 }}
        emptyText={t('recordList.empty')}
      />
    </section>
  );
}

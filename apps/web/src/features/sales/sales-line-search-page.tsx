import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordEndpoints, type SalesLineRow } from '@partsportal/contract/records';
import { callEndpoint } from '@shared/api/client';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { RecordExportButton } from '@shared/records/record-export-button';
import { RecordTable } from '@shared/records/record-table';
import { TextFilter } from '@shared/records/text-filter';
import { useFormatMoney } from '@shared/records/use-format-money';
import { useRecordList } from '@shared/records/use-record-list';
import { CargoStateTag } from './cargo-state-tag';
import { salesLineQuery } from './sales-query';

export default function SalesLineSearchPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  const records = useRecordList('/sales/detailSearch', salesLineQuery, (request) =>
    callEndpoint(recordEndpoints.getSalesLineList, request),
  );
  const { filters, update, data, sortable } = records;

  const sheet = () => ({
    header: [
      t('recordList.no'),
      t('recordList.billDate'),
      t('catalog.number'),
      t('catalog.partName'),
      t('catalog.factory'),
      t('catalog.unit'),
      t('recordList.qty'),
      t('recordList.exportQty'),
      t('stock.currency'),
      t('catalog.price'),
      t('recordList.sum'),
      t('sales.cargoState'),
    ],
    toRow: (row: SalesLineRow) => [
      row.no,
      dayjs.unix(row.bill_date).format('YYYY-MM-DD'),
      row.number,
      row.part_name,
      row.factory,
      row.unit,
      row.qty,
      row.export_qty,
      row.currency,
      Number(row.price),
      Number(row.sum),
      t(`cargoState.${row.cargo_state}`),
    ],
    sheetName: 'Sales lines',
    fileName: `sales-lines-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
  });

  const columns: TableColumnsType<SalesLineRow> = [
    {
      key: 'no',
      title: t('recordList.no'),
      width: 170,
      ...sortable('no'),
      render: (_, row) => <Link to={`/sales/detail?id=${row.sales_bill_id}`}>{row.no}</Link>,
    },
    {
      key: 'bill_date',
      title: t('recordList.billDate'),
      width: 150,
      ...sortable('bill_date'),
      render: (_, row) => formatDate(row.bill_date),
    },
    {
      key: 'number',
      dataIndex: 'number',
      title: t('catalog.number'),
      width: 150,
      ...sortable('number'),
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
      ...sortable('qty'),
    },
    {
      key: 'export_qty',
      dataIndex: 'export_qty',
      title: t('recordList.exportQty'),
      width: 90,
      align: 'right',
    },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 120,
      align: 'right',
      ...sortable('price'),
      render: (_, row) => money(row.price, row.currency),
    },
    {
      key: 'sum',
      title: t('recordList.sum'),
      width: 130,
      align: 'right',
      ...sortable('sum'),
      render: (_, row) => money(row.sum, row.currency),
    },
    {
      key: 'cargo_state',
      title: t('sales.cargoState'),
      width: 110,
      render: (_, row) => <CargoStateTag state={row.cargo_state} />,
    },
  ];

  return (
    <section className="page records-page" aria-labelledby="sales-lines-title">
      <h1 id="sales-lines-title" className="page-title">
        {t('route.salesDetailSearch')}
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
        <RecordExportButton total={data?.total} loadPage={records.loadPage} sheet={sheet} />
      </div>
      <RecordTable<SalesLineRow>
        records={records}
        className="sales-line-table"
        columns={columns}
        scroll={{ x: 1330 }}
        emptyText={t('recordList.empty')}
      />
    </section>
  );
}

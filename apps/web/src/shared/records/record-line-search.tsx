import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDate } from '../i18n/use-format-date';
import { DayRangeFilter } from './day-range-filter';
import type { PageState, SortState } from './list-query';
import { RecordExportButton } from './record-export-button';
import { RecordTable } from './record-table';
import { TextFilter } from './text-filter';
import { useFormatMoney } from '../format/use-format-money';
import type { RecordListState, RecordPage } from './use-record-list';

/** The fields a bill line carries in every line search (sales and purchase lines). */
export interface BillLineRow {
  id: number;
  no: string;
  bill_date: number;
  number: string;
  part_name: string;
  factory: string;
  unit: string;
  qty: number;
  currency: string;
  price: string;
  sum: string;
}

type LineSort = 'no' | 'bill_date' | 'number' | 'qty' | 'price' | 'sum';

interface LineSearchFilters {
  from?: string;
  to?: string;
  partNumber: string;
  name: string;
  no: string;
}

/** useRecordList(…) of a line search; methods, so each list's narrower filters fit. */
interface LineSearchList<T> extends RecordListState<T, LineSort> {
  filters: RecordListState<T, LineSort>['filters'] & LineSearchFilters;
  update(patch: Partial<LineSearchFilters & PageState & SortState<LineSort>>): void;
  data: RecordPage<T> | undefined;
  sortable(column: LineSort): { sorter: true; sortOrder: 'ascend' | 'descend' | null };
  loadPage(page: number, pageSize: number): Promise<RecordPage<T>>;
}

/**
 * The line search of a bill type (`/sales/detailSearch`, `/pur/detailSearch`): lines across
 * bills filtered by day range, part number, part name and bill number; the same columns and
 * export, except the link to the bill, the delivered quantity and the state column.
 */
export function RecordLineSearch<T extends BillLineRow>({
  records,
  title,
  titleId,
  tableClassName,
  billHref,
  doneQty,
  state,
  sheetName,
  filePrefix,
}: {
  records: LineSearchList<T>;
  title: string;
  titleId: string;
  tableClassName: string;
  billHref: (row: T) => string;
  /** The delivered / received quantity column. */
  doneQty: { key: string; title: string; value: (row: T) => number };
  state: { key: string; title: string; width: number; cell: (row: T) => ReactNode; text: (row: T) => string };
  sheetName: string;
  filePrefix: string;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
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
      doneQty.title,
      t('stock.currency'),
      t('catalog.price'),
      t('recordList.sum'),
      state.title,
    ],
    toRow: (row: T) => [
      row.no,
      dayjs.unix(row.bill_date).format('YYYY-MM-DD'),
      row.number,
      row.part_name,
      row.factory,
      row.unit,
      row.qty,
      doneQty.value(row),
      row.currency,
      Number(row.price),
      Number(row.sum),
      state.text(row),
    ],
    sheetName,
    fileName: `${filePrefix}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
  });

  // Key columns first (bill, date, part, quantities, price, total, state) so that they fit 1440 px
  // beside the open sidebar without a sideways scroll; the brand and unit follow.
  const columns: TableColumnsType<T> = [
    {
      key: 'no',
      title: t('recordList.no'),
      width: 170,
      ...sortable('no'),
      render: (_, row) => <Link to={billHref(row)}>{row.no}</Link>,
    },
    {
      key: 'bill_date',
      title: t('recordList.billDate'),
      width: 150,
      ...sortable('bill_date'),
      render: (_, row) => formatDate(row.bill_date),
    },
    { key: 'number', dataIndex: 'number', title: t('catalog.number'), width: 140, ...sortable('number') },
    { key: 'part_name', dataIndex: 'part_name', title: t('catalog.partName'), width: 160 },
    {
      key: 'qty',
      dataIndex: 'qty',
      title: t('recordList.qty'),
      width: 80,
      align: 'right',
      ...sortable('qty'),
    },
    {
      key: doneQty.key,
      title: doneQty.title,
      width: 90,
      align: 'right',
      render: (_, row) => doneQty.value(row),
    },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 110,
      align: 'right',
      ...sortable('price'),
      render: (_, row) => money(row.price, row.currency),
    },
    {
      key: 'sum',
      title: t('recordList.sum'),
      width: 120,
      align: 'right',
      ...sortable('sum'),
      render: (_, row) => money(row.sum, row.currency),
    },
    { key: state.key, title: state.title, width: state.width, render: (_, row) => state.cell(row) },
    { key: 'factory', dataIndex: 'factory', title: t('catalog.factory'), width: 100 },
    { key: 'unit', dataIndex: 'unit', title: t('catalog.unit'), width: 60 },
  ];

  return (
    <section className="page records-page" aria-labelledby={titleId}>
      <h1 id={titleId} className="page-title">
        {title}
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
      <RecordTable<T>
        records={records}
        className={tableClassName}
        columns={columns}
        scroll={{ x: 1310 }}
        emptyText={t('recordList.empty')}
      />
    </section>
  );
}

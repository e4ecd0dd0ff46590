import { Empty, Skeleton, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { RECORD_PAGE_SIZES, sortFromTable } from './list-query';
import type { RecordListState } from './use-record-list';

type RecordTableProps<T> = Omit<
  TableProps<T>,
  'loading' | 'dataSource' | 'onChange' | 'pagination' | 'locale'
> & {
  records: RecordListState<T>;
  /** The empty state's text. */
  emptyText: string;
};

/**
 * The table of a record list: a skeleton until the first answer, then the rows with sorting
 * and paging that write to the URL (a new page size starts again at page 1).
 */
export function RecordTable<T extends object>({ records, emptyText, ...table }: RecordTableProps<T>) {
  const { t } = useTranslation();
  const { filters, update, list, sorts } = records;
  if (!list.data && list.isFetching) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      {...table}
      loading={list.isFetching}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || Array.isArray(sorter)) return;
        update({
          sort: undefined,
          order: undefined,
          ...sortFromTable(sorter.columnKey, sorter.order, sorts),
        });
      }}
      pagination={{
        current: filters.page,
        pageSize: filters.pageSize,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: RECORD_PAGE_SIZES.map(String),
        showTotal: (total) => t('catalog.total', { count: total }),
        onChange: (page, pageSize) => update({ page: pageSize === filters.pageSize ? page : 1, pageSize }),
      }}
    />
  );
}

import { Empty, Table, type TableProps } from 'antd';

/**
 * The lines of a record: every line on one unpaged, compact table. A file of its own: the
 * payment detail has no lines, and antd's Table must not reach that page's chunk.
 */
export function RecordLinesTable<T extends object>({
  emptyText,
  ...table
}: Omit<TableProps<T>, 'rowKey' | 'size' | 'pagination' | 'locale'> & { emptyText?: string }) {
  return (
    <Table<T>
      rowKey="id"
      size="small"
      pagination={false}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      {...table}
    />
  );
}

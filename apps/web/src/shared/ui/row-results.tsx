import { useState } from 'react';
import { Radio, Statistic, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';

/**
 * What became of each row of a back-office file (a company's own part numbers, a names file):
 * the counts by result, a switch between all rows and the errors, and the rows with their
 * result tag and reason. The caller gives the columns of its own file and the texts.
 */
export const ROW_RESULTS = ['created', 'updated', 'unchanged', 'error'] as const;
export type RowResult = (typeof ROW_RESULTS)[number];

const RESULT_COLORS: Record<RowResult, string> = {
  created: 'green',
  updated: 'blue',
  unchanged: 'default',
  error: 'red',
};

export interface RowResultTexts {
  result: (result: RowResult) => string;
  showAll: string;
  showErrors: string;
  row: string;
  resultColumn: string;
  reason: string;
}

export function RowResults<T extends { row: number; result: RowResult; message: string }>({
  counts,
  rows,
  columns,
  texts,
  errorsFirst = false,
}: {
  counts: Record<RowResult, number>;
  rows: readonly T[];
  /** The file's own columns, between the row number and the result. */
  columns: ColumnsType<T>;
  texts: RowResultTexts;
  /** Open on the errors when there are any. */
  errorsFirst?: boolean;
}) {
  const [show, setShow] = useState<'all' | 'error'>(errorsFirst ? 'error' : 'all');
  const showing = counts.error > 0 ? show : 'all';
  const shown = rows.filter((row) => showing === 'all' || row.result === 'error');
  return (
    <>
      <div className="row-results-counts admin-gap">
        {ROW_RESULTS.map((kind) => (
          <Statistic key={kind} title={texts.result(kind)} value={counts[kind]} />
        ))}
      </div>
      <Radio.Group
        className="admin-gap"
        optionType="button"
        value={showing}
        disabled={counts.error === 0}
        onChange={(event) => setShow(event.target.value as 'all' | 'error')}
        options={[
          { value: 'all', label: texts.showAll },
          { value: 'error', label: texts.showErrors },
        ]}
      />
      <Table<T>
        rowKey="row"
        size="small"
        dataSource={shown as T[]}
        scroll={{ x: 'max-content', y: 360 }}
        pagination={shown.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
        columns={[
          { title: texts.row, dataIndex: 'row', width: 64, align: 'right' },
          ...columns,
          {
            title: texts.resultColumn,
            dataIndex: 'result',
            render: (value: RowResult) => <Tag color={RESULT_COLORS[value]}>{texts.result(value)}</Tag>,
          },
          {
            title: texts.reason,
            dataIndex: 'message',
            // A fixed width: the table is as wide as its content, so a long reason wraps here.
            render: (text: string) => <div className="row-results-reason">{text}</div>,
          },
        ]}
      />
    </>
  );
}

import dayjs from 'dayjs';
import type { OrderDetail } from '@partsportal/contract/orders';
import { writeXlsx } from '@shared/export/paged-export';

/** Labels of the order detail sheet, in the user's language. */
export interface OrderSheetLabels {
  header: Record<
    'no' | 'company' | 'billDate' | 'from' | 'state' | 'currency' | 'rate' | 'amount' | 'freight' | 'remark',
    string
  >;
  state: string;
  rate: string;
  lines: string[];
}

/** Header as label/value rows, a blank row, then the lines with every spec §3 field. */
export function orderSheetRows(detail: OrderDetail, labels: OrderSheetLabels): unknown[][] {
  const h = detail.header;
  const l = labels.header;
  return [
    [l.no, h.no],
    [l.company, h.company_sort_name],
    [l.billDate, dayjs.unix(h.bill_date).format('YYYY-MM-DD HH:mm')],
    [l.from, h.from],
    [l.state, labels.state],
    [l.currency, h.currency],
    [l.rate, labels.rate],
    [l.amount, Number(h.amount)],
    [l.freight, Number(h.freight)],
    [l.remark, h.remark],
    [],
    labels.lines,
    ...detail.lines.map((line) => [
      line.seq,
      line.part_name,
      line.number,
      line.factory,
      line.my_number,
      line.unit,
      line.make_names,
      line.extend_param,
      line.qty,
      line.export_qty,
      Number(line.price),
      Number(line.sum),
      line.client_remark,
      line.remark,
      Number(line.tax_price),
      line.price_desc,
    ]),
  ];
}

export function exportOrderDetail(detail: OrderDetail, labels: OrderSheetLabels): Promise<void> {
  return writeXlsx(`order-${detail.header.no}.xlsx`, [
    { name: 'Order', rows: orderSheetRows(detail, labels) },
  ]);
}

import type { Language } from '@partsportal/contract/codes';
import type { DeliveryDetail, SalesDetail } from '@partsportal/contract/records';
import { formatMoney, INTL_LOCALES } from '@partsportal/contract/money-format';
import {
  createPdf,
  drawTable,
  numberPages,
  pdfBytes,
  type PdfColumn,
  type PdfDocument,
} from '../../platform/pdf';

/**
 * The printable delivery note and sales bill (issue 15 item 2) in the buyer's language: what the
 * Delivery records and Sales search detail pages show, on A4, through platform/pdf.ts.
 */
const WORDS = {
  zh: {
    deliveryNote: '送货单',
    salesBill: '销售单',
    customer: '客户',
    no: '单号',
    date: '日期',
    carrier: '物流公司',
    waybill: '运单号',
    order: '订单',
    poNumber: '客户订单号',
    number: '零件号',
    name: '名称',
    brand: '品牌',
    unit: '单位',
    qty: '数量',
    shipped: '已发',
    price: '单价',
    sum: '金额',
    total: '合计',
    remark: '备注',
    received: '收货人签字：',
    page: '第 {page} / {pages} 页',
  },
  en: {
    deliveryNote: 'Delivery note',
    salesBill: 'Sales bill',
    customer: 'Customer',
    no: 'No.',
    date: 'Date',
    carrier: 'Carrier',
    waybill: 'Waybill no.',
    order: 'Order',
    poNumber: 'Your PO number',
    number: 'Part number',
    name: 'Name',
    brand: 'Brand',
    unit: 'Unit',
    qty: 'Qty',
    shipped: 'Shipped',
    price: 'Price',
    sum: 'Amount',
    total: 'Total',
    remark: 'Remark',
    received: 'Received by:',
    page: 'Page {page} / {pages}',
  },
  es: {
    deliveryNote: 'Albarán de entrega',
    salesBill: 'Factura de venta',
    customer: 'Cliente',
    no: 'N.º',
    date: 'Fecha',
    carrier: 'Transportista',
    waybill: 'N.º de guía',
    order: 'Pedido',
    poNumber: 'Su número de OC',
    number: 'Referencia',
    name: 'Nombre',
    brand: 'Marca',
    unit: 'Unidad',
    qty: 'Cant.',
    shipped: 'Enviado',
    price: 'Precio',
    sum: 'Importe',
    total: 'Total',
    remark: 'Observación',
    received: 'Recibido por:',
    page: 'Página {page} / {pages}',
  },
} satisfies Record<Language, Record<string, string>>;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

function heading(doc: PdfDocument, title: string, facts: ReadonlyArray<readonly [string, string]>) {
  doc.font('bold').fontSize(16).text(title);
  doc.moveDown(0.4).fontSize(9.5);
  for (const [label, value] of facts) {
    if (value) doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  }
  doc.moveDown(0.6).font('regular');
}

const dayIn = (language: Language) => (seconds: number) =>
  new Intl.DateTimeFormat(INTL_LOCALES[language], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(seconds * 1000));

export async function renderDeliveryNotePdf(input: {
  company: string;
  detail: DeliveryDetail;
  language: Language;
  /** The buyer's order references of the orders it fulfils ('' ones left out). */
  poNumbers?: readonly string[];
}): Promise<Buffer> {
  const { detail, language } = input;
  const words = WORDS[language];
  const money = (amount: string) => formatMoney(amount, detail.header.currency, INTL_LOCALES[language]);
  const doc = createPdf({ title: `${words.deliveryNote} ${detail.header.no}`, language });
  heading(doc, words.deliveryNote, [
    [words.no, detail.header.no],
    [words.date, dayIn(language)(detail.header.date)],
    [words.customer, input.company],
    [words.carrier, detail.header.logistics_name],
    [words.waybill, detail.header.logistics_no],
    [words.order, [...new Set(detail.orders.map((order) => order.no))].join(', ')],
    [words.poNumber, [...new Set(input.poNumbers ?? [])].filter(Boolean).join(', ')],
  ]);
  const columns: Array<PdfColumn<DeliveryDetail['lines'][number]>> = [
    { title: words.number, width: 95, value: (line) => line.number },
    { title: words.name, width: 150, value: (line) => line.part_name },
    { title: words.brand, width: 65, value: (line) => line.factory },
    { title: words.qty, width: 40, align: 'right', value: (line) => String(line.qty) },
    { title: words.price, width: 80, align: 'right', value: (line) => money(line.price) },
    { title: words.sum, width: 85, align: 'right', value: (line) => money(line.sum) },
  ];
  drawTable(doc, columns, detail.lines);
  doc.moveDown(0.6).font('bold');
  doc.text(`${words.total}: ${detail.header.total_qty} · ${money(detail.header.amount)}`);
  if (detail.header.remark) doc.font('regular').text(`${words.remark}: ${detail.header.remark}`);
  doc.moveDown(2).font('regular').text(`${words.received} ______________________`);
  numberPages(doc, (page, pages) => fill(words.page, { page, pages }));
  return pdfBytes(doc);
}

export async function renderSalesBillPdf(input: {
  company: string;
  detail: SalesDetail;
  language: Language;
  /** The buyer's order reference of the order it invoices ('' = none). */
  poNumber?: string;
}): Promise<Buffer> {
  const { detail, language } = input;
  const words = WORDS[language];
  const money = (amount: string) => formatMoney(amount, detail.header.currency, INTL_LOCALES[language]);
  const doc = createPdf({ title: `${words.salesBill} ${detail.header.no}`, language });
  heading(doc, words.salesBill, [
    [words.no, detail.header.no],
    [words.date, dayIn(language)(detail.header.bill_date)],
    [words.customer, input.company],
    [words.order, detail.header.order_no ?? ''],
    [words.poNumber, input.poNumber ?? ''],
    [words.carrier, detail.header.logistics_name],
    [words.waybill, detail.header.logistics_no],
  ]);
  const columns: Array<PdfColumn<SalesDetail['lines'][number]>> = [
    { title: '#', width: 22, value: (line) => String(line.seq) },
    { title: words.number, width: 88, value: (line) => line.number },
    { title: words.name, width: 115, value: (line) => line.part_name },
    { title: words.brand, width: 55, value: (line) => line.factory },
    { title: words.unit, width: 35, value: (line) => line.unit },
    { title: words.qty, width: 35, align: 'right', value: (line) => String(line.qty) },
    { title: words.shipped, width: 40, align: 'right', value: (line) => String(line.export_qty) },
    { title: words.price, width: 60, align: 'right', value: (line) => money(line.price) },
    { title: words.sum, width: 65, align: 'right', value: (line) => money(line.sum) },
  ];
  drawTable(doc, columns, detail.lines);
  doc.moveDown(0.6).font('bold');
  doc.text(`${words.total}: ${detail.header.total_qty} · ${money(detail.header.amount)}`);
  if (detail.header.remark) doc.font('regular').text(`${words.remark}: ${detail.header.remark}`);
  numberPages(doc, (page, pages) => fill(words.page, { page, pages }));
  return pdfBytes(doc);
}

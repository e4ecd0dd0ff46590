import type { Language } from '@partsportal/contract/codes';
import type { FinanceAccount, LedgerEntry } from '@partsportal/contract/finance';
import { formatMoney, INTL_LOCALES } from '@partsportal/contract/money-format';
import { createPdf, drawTable, numberPages, pdfBytes, type PdfColumn } from '../../platform/pdf';

/** The statement's words per language (the web's finance.* texts where the same word exists). */
const WORDS = {
  zh: {
    title: '对账单',
    company: '客户',
    period: '期间',
    all: '全部',
    currency: '币种',
    opening: '期初余额',
    debit: '借方',
    credit: '贷方',
    closing: '期末余额',
    balance: '当前欠款',
    creditLimit: '信用额度',
    available: '可用额度',
    date: '日期',
    kind: '类型',
    refNo: '单号',
    running: '余额',
    due: '到期日',
    remark: '备注',
    kinds: { sale: '销售', payment: '付款', adjustment: '调整', opening: '期初' } as Record<string, string>,
    none: '此期间没有记录。',
    truncated: '仅列出前 {n} 条记录；请缩小日期范围。',
    generated: '生成时间',
    page: '第 {page} / {pages} 页',
  },
  en: {
    title: 'Statement of account',
    company: 'Customer',
    period: 'Period',
    all: 'All dates',
    currency: 'Currency',
    opening: 'Opening balance',
    debit: 'Debit',
    credit: 'Credit',
    closing: 'Closing balance',
    balance: 'Balance due now',
    creditLimit: 'Credit limit',
    available: 'Available credit',
    date: 'Date',
    kind: 'Type',
    refNo: 'Reference',
    running: 'Balance',
    due: 'Due date',
    remark: 'Remark',
    kinds: { sale: 'Sale', payment: 'Payment', adjustment: 'Adjustment', opening: 'Opening' } as Record<
      string,
      string
    >,
    none: 'No entries in this period.',
    truncated: 'Only the first {n} entries are listed; choose a shorter period.',
    generated: 'Generated',
    page: 'Page {page} / {pages}',
  },
  es: {
    title: 'Estado de cuenta',
    company: 'Cliente',
    period: 'Periodo',
    all: 'Todas las fechas',
    currency: 'Moneda',
    opening: 'Saldo inicial',
    debit: 'Debe',
    credit: 'Haber',
    closing: 'Saldo final',
    balance: 'Saldo pendiente actual',
    creditLimit: 'Límite de crédito',
    available: 'Crédito disponible',
    date: 'Fecha',
    kind: 'Tipo',
    refNo: 'Referencia',
    running: 'Saldo',
    due: 'Vencimiento',
    remark: 'Observación',
    kinds: { sale: 'Venta', payment: 'Pago', adjustment: 'Ajuste', opening: 'Apertura' } as Record<
      string,
      string
    >,
    none: 'No hay movimientos en este periodo.',
    truncated: 'Solo se muestran los primeros {n} movimientos; elija un periodo más corto.',
    generated: 'Generado',
    page: 'Página {page} / {pages}',
  },
} satisfies Record<Language, unknown>;

/** The most entries one PDF lists (about 60 pages). */
export const STATEMENT_PDF_MAX_ENTRIES = 3000;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/**
 * The finance statement as the buyer's Finance account page shows it (issue 17 item 16): the
 * company, the period, opening balance, every entry with its running balance, totals and the
 * closing balance, in the reader's language with the one money formatter.
 */
export async function renderStatementPdf(input: {
  company: string;
  account: FinanceAccount;
  range: { from?: number; to?: number };
  language: Language;
  now: Date;
}): Promise<Buffer> {
  const { account, language } = input;
  const words = WORDS[language];
  const locale = INTL_LOCALES[language];
  const money = (amount: string) => formatMoney(amount, account.currency, locale);
  const day = (seconds: number) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(seconds * 1000));
  const doc = createPdf({ title: `${words.title} — ${input.company}`, language });

  doc.font('bold').fontSize(16).text(words.title);
  doc.moveDown(0.4).font('regular').fontSize(9.5);
  const period =
    input.range.from === undefined && input.range.to === undefined
      ? words.all
      : `${input.range.from === undefined ? '…' : day(input.range.from)} – ${input.range.to === undefined ? '…' : day(input.range.to)}`;
  for (const [label, value] of [
    [words.company, input.company],
    [words.period, period],
    [words.currency, account.currency],
    [words.balance, money(account.balance)],
    [words.creditLimit, money(account.credit_limit)],
    [words.available, money(account.available_credit)],
  ] as const) {
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  }
  doc.moveDown(0.6);
  doc.font('bold').text(`${words.opening}: ${money(account.opening_balance)}`);
  doc.moveDown(0.4).font('regular');

  const columns: Array<PdfColumn<LedgerEntry>> = [
    { title: words.date, width: 62, value: (e) => day(e.date) },
    { title: words.kind, width: 52, value: (e) => words.kinds[e.kind] ?? e.kind },
    { title: words.refNo, width: 86, value: (e) => e.ref_no },
    { title: words.debit, width: 70, align: 'right', value: (e) => (Number(e.debit) ? money(e.debit) : '') },
    {
      title: words.credit,
      width: 70,
      align: 'right',
      value: (e) => (Number(e.credit) ? money(e.credit) : ''),
    },
    { title: words.running, width: 78, align: 'right', value: (e) => money(e.running_balance) },
    { title: words.due, width: 58, value: (e) => (e.due_date ? day(e.due_date) : '') },
    { title: words.remark, width: 39, value: (e) => e.remark },
  ];
  if (account.entries.length === 0) doc.text(words.none);
  else drawTable(doc, columns, account.entries);
  if (account.total > account.entries.length)
    doc.moveDown(0.4).text(fill(words.truncated, { n: account.entries.length }));

  doc.moveDown(0.6).font('bold');
  doc.text(
    `${words.debit}: ${money(account.period_debit)}    ${words.credit}: ${money(account.period_credit)}`,
  );
  doc.text(`${words.closing}: ${money(account.closing_balance)}`);
  doc.moveDown(0.6).font('regular').fontSize(7.5).fillColor('#666');
  doc.text(`${words.generated}: ${input.now.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  numberPages(doc, (page, pages) => fill(words.page, { page, pages }));
  return pdfBytes(doc);
}

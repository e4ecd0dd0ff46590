import { Button, Card, Empty, Pagination, Skeleton, Statistic, Table, type TableColumnsType } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FINANCE_STATEMENT_PDF_PATH,
  financeEndpoints,
  type LedgerEntry,
} from '@partsportal/contract/finance';
import { assetUrl } from '@shared/api/asset-url';
import { useSettingsStore } from '@shared/stores/settings-store';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { RECORD_PAGE_SIZES } from '@shared/records/list-query';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useRecordList } from '@shared/records/use-record-list';
import { statementQuery } from './finance-query';

const PATH = '/finance/account';

/** A statement row: a ledger entry, or the opening / closing balance line around the range. */
type StatementRow =
  | (LedgerEntry & { rowKind: 'entry' })
  | { rowKind: 'opening' | 'closing'; id: string; running_balance: string };

/** The statement of the chosen range as a PDF in the reader's language (a link: token in the query). */
function statementPdfUrl(request: { dateFrom?: number; dateTo?: number }, language: string) {
  const query = new URLSearchParams({ lng: language });
  if (request.dateFrom !== undefined) query.set('dateFrom', String(request.dateFrom));
  if (request.dateTo !== undefined) query.set('dateTo', String(request.dateTo));
  return assetUrl(`${FINANCE_STATEMENT_PDF_PATH}?${query.toString()}`);
}

export default function AccountPage() {
  const { t } = useTranslation();
  const language = useSettingsStore((s) => s.language);
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  const {
    filters,
    update,
    data,
    list: account,
  } = useRecordList(PATH, statementQuery, financeEndpoints.getFinanceAccount);
  const currency = data?.currency ?? '';
  const lastPage = data ? Math.max(1, Math.ceil(data.total / filters.pageSize)) : 1;

  // The opening row heads the first page, the closing row ends the last one.
  const rows: StatementRow[] = data
    ? [
        ...(filters.page === 1
          ? [{ rowKind: 'opening' as const, id: 'opening', running_balance: data.opening_balance }]
          : []),
        ...data.entries.map((entry) => ({ ...entry, rowKind: 'entry' as const })),
        ...(filters.page >= lastPage
          ? [{ rowKind: 'closing' as const, id: 'closing', running_balance: data.closing_balance }]
          : []),
      ]
    : [];

  const entryCell = (render: (entry: LedgerEntry) => React.ReactNode) => (_: unknown, row: StatementRow) =>
    row.rowKind === 'entry' ? render(row) : null;

  const columns: TableColumnsType<StatementRow> = [
    {
      key: 'date',
      title: t('recordList.date'),
      width: 150,
      render: (_, row) =>
        row.rowKind === 'entry' ? (
          formatDate(row.date)
        ) : (
          <strong>{t(row.rowKind === 'opening' ? 'finance.opening' : 'finance.closing')}</strong>
        ),
      onCell: (row) => (row.rowKind === 'entry' ? {} : { colSpan: 6 }),
    },
    {
      key: 'kind',
      title: t('finance.kind'),
      width: 110,
      render: entryCell((e) => t(`finance.kinds.${e.kind}`, { defaultValue: e.kind })),
      onCell: (row) => (row.rowKind === 'entry' ? {} : { colSpan: 0 }),
    },
    {
      key: 'ref_no',
      title: t('recordList.no'),
      width: 170,
      render: entryCell((e) => e.ref_no),
      onCell: (row) => (row.rowKind === 'entry' ? {} : { colSpan: 0 }),
    },
    {
      key: 'debit',
      title: t('finance.debit'),
      width: 130,
      align: 'right',
      render: entryCell((e) => (Number(e.debit) ? money(e.debit, currency) : '')),
      onCell: (row) => (row.rowKind === 'entry' ? {} : { colSpan: 0 }),
    },
    {
      key: 'credit',
      title: t('finance.credit'),
      width: 130,
      align: 'right',
      render: entryCell((e) => (Number(e.credit) ? money(e.credit, currency) : '')),
      onCell: (row) => (row.rowKind === 'entry' ? {} : { colSpan: 0 }),
    },
    {
      key: 'due_date',
      title: t('finance.dueDate'),
      width: 150,
      render: entryCell((e) => (e.due_date ? formatDate(e.due_date) : '')),
      onCell: (row) => (row.rowKind === 'entry' ? {} : { colSpan: 0 }),
    },
    {
      key: 'running_balance',
      title: t('finance.runningBalance'),
      width: 150,
      align: 'right',
      className: 'running-balance',
      render: (_, row) =>
        row.rowKind === 'entry' ? (
          money(row.running_balance, currency)
        ) : (
          <strong>{money(row.running_balance, currency)}</strong>
        ),
    },
    {
      key: 'remark',
      title: t('recordList.remark'),
      width: 170,
      ellipsis: true,
      render: entryCell((e) => e.remark),
    },
  ];

  return (
    <section className="page records-page account-page" aria-labelledby="account-title">
      <h1 id="account-title" className="page-title">
        {t('route.financeAccount')}
      </h1>
      {!data && account.isFetching ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : data ? (
        <>
          <div className="finance-cards">
            <Card size="small">
              <Statistic title={t('finance.balance')} value={money(data.balance, currency)} />
            </Card>
            <Card size="small">
              <Statistic title={t('finance.creditLimit')} value={money(data.credit_limit, currency)} />
            </Card>
            <Card size="small">
              <Statistic
                title={t('finance.availableCredit')}
                value={money(data.available_credit, currency)}
                styles={{
                  content:
                    Number(data.available_credit) < 0 ? { color: 'var(--ant-color-error, #cf1322)' } : {},
                }}
              />
            </Card>
            <Card size="small">
              <Statistic
                title={t('finance.debts')}
                value={money(Number(data.balance) > 0 ? data.balance : '0', currency)}
              />
            </Card>
          </div>
          <h2 className="section-title">{t('finance.statement')}</h2>
          <div className="filter-bar">
            <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
            <Button
              icon={<FilePdfOutlined />}
              href={statementPdfUrl(statementQuery.toRequest(filters), language)}
              download
              data-testid="statement-pdf"
            >
              {t('finance.statementPdf')}
            </Button>
            <span className="muted">
              {t('finance.period', {
                debit: money(data.period_debit, currency),
                credit: money(data.period_credit, currency),
              })}
            </span>
          </div>
          {/* The statement has no links: the scroll box itself takes focus, so keys can scroll it. */}
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t('finance.statement')}>
            <Table<StatementRow>
              className="statement-table"
              rowKey="id"
              size="small"
              loading={account.isFetching}
              columns={columns}
              dataSource={rows}
              rowClassName={(row) => (row.rowKind === 'entry' ? '' : `statement-${row.rowKind}`)}
              style={{ minWidth: 1160 }}
              locale={{ emptyText: <Empty description={t('recordList.empty')} /> }}
              // The opening/closing rows would make antd slice the page locally: paging is separate.
              pagination={false}
            />
          </div>
          <Pagination
            className="statement-pagination"
            align="end"
            current={filters.page}
            pageSize={filters.pageSize}
            total={data.total}
            showSizeChanger
            pageSizeOptions={RECORD_PAGE_SIZES.map(String)}
            showTotal={(total) => t('catalog.total', { count: total })}
            onChange={(page, pageSize) =>
              update({ page: pageSize === filters.pageSize ? page : 1, pageSize })
            }
          />
        </>
      ) : (
        <Empty description={t('recordList.empty')} />
      )}
    </section>
  );
}

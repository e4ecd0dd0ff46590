import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  LISTED_PAYMENT_METHODS,
  paymentsDeskEndpoints,
  type StaffPayment,
} from '@partsportal/contract/payments-desk';
import { useEndpointQuery } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { CompanyPicker } from './company-picker';
import { CreditPanel } from './credit-panel';
import { RecordPaymentModal } from './record-payment-modal';
import { RefundPaymentModal } from './refund-payment-modal';
import { VoidPaymentModal } from './void-payment-modal';

type Method = (typeof LISTED_PAYMENT_METHODS)[number];

const SOURCE_COLORS: Record<StaffPayment['source'], string> = {
  recorded: 'blue',
  checkout: 'green',
  void: 'red',
  refund: 'orange',
  other: 'default',
};

/**
 * /admin/payments (sales, owner; issue 15 item 3): every payment — recorded here or by the ERP,
 * paid at the checkout, and void counter entries — filtered by company, method and date; the
 * chosen company's credit position; record and void; refund an online payment.
 */
export default function PaymentsDeskPage() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const formatDate = useFormatDate();
  const [companyId, setCompanyId] = useState<number | undefined>();
  const [method, setMethod] = useState<Method | undefined>();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [recording, setRecording] = useState(false);
  const [voiding, setVoiding] = useState<StaffPayment | null>(null);
  const [refunding, setRefunding] = useState<StaffPayment | null>(null);
  const firstPage = () => setPage((p) => ({ ...p, page: 1 }));

  const query = useEndpointQuery(paymentsDeskEndpoints.listPayments, {
    ...page,
    keyword,
    ...(companyId === undefined ? {} : { company_id: companyId }),
    ...(method === undefined ? {} : { method }),
    ...(range.from ? { dateFrom: dayjs(range.from).startOf('day').unix() } : {}),
    ...(range.to ? { dateTo: dayjs(range.to).endOf('day').unix() } : {}),
  });
  const methodLabel = (value: string) => t(`admin.payments.methods.${value}`, { defaultValue: value });

  const columns: ColumnsType<StaffPayment> = [
    {
      title: t('admin.payments.date'),
      dataIndex: 'date',
      width: 130,
      responsive: ['sm'],
      render: (value: number) => formatDate(value),
    },
    {
      title: t('admin.payments.no'),
      dataIndex: 'no',
      render: (no: string, row) => (
        <>
          <div>{no}</div>
          {/* Below sm the date column is hidden (375 px): the date goes under the number. */}
          <Typography.Text type="secondary" className="payments-note payments-xs-only">
            {formatDate(row.date)}
          </Typography.Text>
          {row.voided_by_no && (
            <Typography.Text type="danger" className="payments-note">
              {t('admin.payments.voidedBy', { no: row.voided_by_no })}
            </Typography.Text>
          )}
          {row.voids_no && (
            <Typography.Text type="secondary" className="payments-note">
              {t('admin.payments.voids', { no: row.voids_no })}
            </Typography.Text>
          )}
          {row.refunds_no && (
            <Typography.Text type="secondary" className="payments-note">
              {t('admin.payments.refunds', { no: row.refunds_no })}
            </Typography.Text>
          )}
          {row.refundable !== null && row.refundable !== row.amount && (
            <Typography.Text type="secondary" className="payments-note">
              {t('admin.payments.refundableLeft', { amount: money(row.refundable, row.currency) })}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('admin.payments.company'),
      dataIndex: 'company_name',
      responsive: ['md'],
      render: (name: string, row) => `${row.company_code} · ${name}`,
    },
    {
      title: t('admin.payments.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string, row) => (
        <Typography.Text type={value.startsWith('-') ? 'danger' : undefined} className="payments-amount">
          {money(value, row.currency)}
        </Typography.Text>
      ),
    },
    {
      title: t('admin.payments.method'),
      dataIndex: 'method',
      responsive: ['sm'],
      render: methodLabel,
    },
    {
      title: t('admin.payments.reference'),
      dataIndex: 'reference',
      responsive: ['lg'],
      render: (value: string | null, row) => value ?? row.order_no ?? '—',
    },
    {
      title: t('admin.payments.source'),
      dataIndex: 'source',
      responsive: ['lg'],
      render: (source: StaffPayment['source']) => (
        <Tag color={SOURCE_COLORS[source]}>{t(`admin.payments.sources.${source}`)}</Tag>
      ),
    },
    {
      title: t('admin.payments.actions'),
      key: 'actions',
      width: 64,
      render: (_: unknown, row) => {
        if (row.source === 'recorded' && !row.voided_by_no)
          return (
            <Button size="small" type="link" danger className="payments-void" onClick={() => setVoiding(row)}>
              {t('admin.payments.void')}
            </Button>
          );
        // An online payment with something left to refund (account payments are voided, not refunded).
        if (row.refundable !== null && Number(row.refundable) > 0)
          return (
            <Button
              size="small"
              type="link"
              danger
              className="payments-void payments-refund"
              onClick={() => setRefunding(row)}
            >
              {t('admin.payments.refund')}
            </Button>
          );
        return null;
      },
    },
  ];

  return (
    // One card (the page's .admin-card), its parts stacked inside: filters, credit, the list.
    <Card className="admin-card payments-desk">
      <div className="admin-toolbar">
        <CompanyPicker
          allowClear
          className="payments-company"
          placeholder={t('admin.payments.allCompanies')}
          value={companyId}
          onChange={(id) => {
            setCompanyId(id);
            firstPage();
          }}
        />
        <Select<Method>
          allowClear
          className="payments-method"
          placeholder={t('admin.payments.allMethods')}
          aria-label={t('admin.payments.method')}
          value={method}
          onChange={(value) => {
            setMethod(value ?? undefined);
            firstPage();
          }}
          options={LISTED_PAYMENT_METHODS.map((value) => ({ value, label: methodLabel(value) }))}
        />
        <DayRangeFilter
          {...range}
          onChange={(next) => {
            setRange(next);
            firstPage();
          }}
        />
        <Input.Search
          allowClear
          className="payments-search"
          placeholder={t('admin.payments.search')}
          aria-label={t('admin.payments.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            firstPage();
          }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecording(true)}>
          {t('admin.payments.record')}
        </Button>
      </div>
      {companyId === undefined ? (
        <Typography.Paragraph type="secondary">{t('admin.payments.pickCompany')}</Typography.Paragraph>
      ) : (
        <CreditPanel companyId={companyId} />
      )}
      <Table<StaffPayment>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          // A sum is shown for one company only: companies may pay in different currencies.
          showTotal: (total) => {
            const currency = query.data?.list[0]?.currency;
            return companyId !== undefined && currency
              ? t('admin.payments.total', { count: total, amount: money(query.data?.amount, currency) })
              : t('admin.payments.count', { count: total });
          },
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
      {recording && (
        <RecordPaymentModal
          companyId={companyId}
          onClose={(company) => {
            setRecording(false);
            if (company !== undefined) setCompanyId(company);
          }}
        />
      )}
      {voiding && <VoidPaymentModal payment={voiding} onClose={() => setVoiding(null)} />}
      {refunding && <RefundPaymentModal payment={refunding} onClose={() => setRefunding(null)} />}
    </Card>
  );
}

import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CheckoutLine, CheckoutPreview } from '@partsportal/contract/checkout';
import { useFormatMoney } from '@shared/format/use-format-money';

/** The order lines of the checkout preview (submit and confirm pages). */
export function CheckoutLines({ preview }: { preview: CheckoutPreview | undefined }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const currency = preview?.currency ?? '';
  const columns: TableColumnsType<CheckoutLine> = [
    {
      key: 'number',
      title: t('catalog.number'),
      width: 200,
      render: (_, line) => (
        <div className="number-cell">
          <span className="product-number">{line.number}</span>
          <span>{line.part_name}</span>
          <span className="muted">{line.factory}</span>
          {line.problem && (
            <Tag color="red" className="line-problem">
              {t(`checkout.problem.${line.problem}`, { stock: line.available_stock, step: line.buy_qty })}
            </Tag>
          )}
        </div>
      ),
    },
    { key: 'store', title: t('cart.store'), width: 140, dataIndex: 'store_name' },
    { key: 'qty', title: t('catalog.quantity'), width: 90, align: 'right', dataIndex: 'qty' },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 110,
      align: 'right',
      render: (_, line) => money(line.price, currency),
    },
    {
      key: 'sum',
      title: t('cart.lineTotal'),
      width: 120,
      align: 'right',
      render: (_, line) => money(line.sum, currency),
    },
    { key: 'remark', title: t('cart.remark'), width: 160, dataIndex: 'remark' },
  ];
  return (
    <Table<CheckoutLine>
      className="checkout-lines"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={preview?.lines ?? []}
      loading={!preview}
      pagination={false}
      scroll={{ x: 800 }}
    />
  );
}

/** Goods, freight and total of a preview. */
export function CheckoutTotals({ preview }: { preview: CheckoutPreview }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const c = preview.currency;
  return (
    <dl className="checkout-totals">
      <dt>{t('checkout.goods', { qty: preview.total_qty })}</dt>
      <dd>{money(preview.goods_amount, c)}</dd>
      <dt>{t('checkout.freight')}</dt>
      <dd className="checkout-freight">
        {preview.freight === null
          ? t('checkout.freightUnknown')
          : `${money(preview.freight, c)}${preview.freight_carrier ? ` (${preview.freight_carrier})` : ''}`}
      </dd>
      <dt>{t('checkout.total')}</dt>
      <dd>
        <strong className="checkout-total">{money(preview.total_amount, c)}</strong>
      </dd>
    </dl>
  );
}

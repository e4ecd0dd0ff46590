import { useState } from 'react';
import { Button, Input, InputNumber, Select, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MatchProduct } from '@partsportal/contract/cart';
import { adjustQuantity, qtyStep, quantityMessage } from '@shared/catalog/quantity';
import { effectiveQty, isReady, statusKey, type MatchRow } from './match-rows';
import { useFormatMoney, type MoneyFormatter } from '@shared/format/use-format-money';
import { EquivalentsOffer, ReplacesTag } from '@shared/catalog/equivalents';

const STATUS_COLOR: Record<string, string> = {
  exact: 'green',
  normalized: 'cyan',
  cross: 'blue',
  my_number: 'purple',
  replaced: 'volcano',
  picked: 'geekblue',
  ambiguous: 'orange',
  not_found: 'red',
  invalid_qty: 'gold',
};

/** The number as written; for unresolved lines editable and matched again on Enter. */
function InputCell({ row, onRematch }: { row: MatchRow; onRematch: (input: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(row.input);
  const [seen, setSeen] = useState(row.input);
  if (seen !== row.input) {
    setSeen(row.input);
    setValue(row.input);
  }
  if (row.product && row.status !== 'not_found' && row.status !== 'ambiguous') {
    return <span className="match-input">{row.input}</span>;
  }
  return (
    <Input.Search
      className="rematch-input"
      aria-label={t('bulk.editNumber', { line: row.line })}
      value={value}
      maxLength={100}
      enterButton={t('bulk.rematch')}
      onChange={(e) => setValue(e.target.value)}
      onSearch={(input) => input.trim() && onRematch(input)}
    />
  );
}

const productLabel = (p: MatchProduct, money: MoneyFormatter) =>
  `${p.factory} ${p.number} · ${p.part_name} · ${money(p.price, p.currency)}`;

function ProductCell({ row, onPatch }: { row: MatchRow; onPatch: (patch: Partial<MatchRow>) => void }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  if (row.status === 'ambiguous') {
    return (
      <Select<number>
        className="candidate-select"
        aria-label={t('bulk.chooseFor', { line: row.line })}
        placeholder={t('bulk.choose')}
        value={row.product?.id}
        popupMatchSelectWidth={false}
        options={row.candidates.map((c) => ({ value: c.id, label: productLabel(c, money) }))}
        onChange={(id) => onPatch({ product: row.candidates.find((c) => c.id === id) ?? null, picked: true })}
      />
    );
  }
  if (row.product) {
    return (
      <div className="number-cell">
        <span>
          <span className="product-number">{row.product.number}</span>{' '}
          <span className="muted">{row.product.factory}</span>
        </span>
        <span>{row.product.part_name}</span>
        {!row.picked && <ReplacesTag replaces={row.replaces} />}
        {!row.picked && row.product.available_stock <= 0 && (
          <EquivalentsOffer
            items={row.equivalents}
            action={{
              label: t('supersession.useThis'),
              onPick: (item) => onPatch({ product: item, picked: true }),
            }}
          />
        )}
        {row.status === 'not_found' && (
          <Button
            size="small"
            type="link"
            icon={<UndoOutlined />}
            className="unpick"
            onClick={() => onPatch({ product: null, picked: false })}
          >
            {t('bulk.unpick')}
          </Button>
        )}
      </div>
    );
  }
  if (row.suggestions.length === 0) return <span className="muted">{t('bulk.noSuggestions')}</span>;
  return (
    <div className="suggestions">
      <span className="muted">{t('bulk.didYouMean')}</span>
      {row.suggestions.map((s) => (
        <Tooltip key={s.id} title={productLabel(s, money)}>
          <Button size="small" className="suggestion" onClick={() => onPatch({ product: s, picked: true })}>
            {s.factory} {s.number}
          </Button>
        </Tooltip>
      ))}
    </div>
  );
}

export function MatchResultTable({
  rows,
  onPatch,
  onRematch,
  onRemove,
}: {
  rows: MatchRow[];
  onPatch: (key: string, patch: Partial<MatchRow>) => void;
  onRematch: (row: MatchRow, input: string) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const columns: TableColumnsType<MatchRow> = [
    {
      key: 'line',
      title: t('bulk.line'),
      width: 110,
      render: (_, row) => (
        <div className="number-cell">
          <span>{t(`bulk.lineOf.${row.source}`, { line: row.line })}</span>
          {row.mergedLines.length > 0 && (
            <Tag className="merged-tag">
              {t('bulk.merged', { lines: [row.line, ...row.mergedLines].join(', ') })}
            </Tag>
          )}
        </div>
      ),
    },
    {
      key: 'input',
      title: t('bulk.input'),
      width: 230,
      render: (_, row) => <InputCell row={row} onRematch={(input) => onRematch(row, input)} />,
    },
    {
      key: 'status',
      title: t('bulk.statusTitle'),
      width: 220,
      render: (_, row) => {
        const status = statusKey(row);
        const qtyProblem = row.product !== null && !isReady(row);
        return (
          <div className="number-cell">
            <Tag className="match-status" data-status={status} color={STATUS_COLOR[status]}>
              {t(`bulk.status.${status}`, { value: row.via?.value ?? '' })}
            </Tag>
            {row.message && !row.picked && <span className="muted match-message">{row.message}</span>}
            {qtyProblem && row.status !== 'invalid_qty' && (
              <span className="muted match-message">{t('bulk.qtyNeeded')}</span>
            )}
          </div>
        );
      },
    },
    {
      key: 'product',
      title: t('bulk.product'),
      width: 300,
      render: (_, row) => <ProductCell row={row} onPatch={(patch) => onPatch(row.key, patch)} />,
    },
    {
      key: 'qty',
      title: t('catalog.quantity'),
      width: 120,
      render: (_, row) => {
        const step = qtyStep(row.product?.buy_qty ?? 0);
        const qty = effectiveQty(row);
        // The cart gets the quantity rounded to the order multiple: say so instead of changing it silently.
        const adjustment =
          row.product && row.qty !== null && qty !== null
            ? adjustQuantity(String(row.qty), row.product.buy_qty)
            : null;
        const explanation =
          adjustment && row.product ? quantityMessage(t, row.product.number, adjustment) : '';
        return (
          <div className="number-cell">
            <InputNumber
              className="qty-input"
              aria-label={t('bulk.qtyFor', { line: row.line })}
              min={1}
              max={100_000}
              step={step}
              precision={0}
              status={row.product && qty === null ? 'error' : undefined}
              value={row.qtyEdited ? row.qty : (qty ?? row.qty)}
              onChange={(value) => onPatch(row.key, { qty: value, qtyEdited: true })}
            />
            {explanation && (
              <Tooltip title={explanation}>
                <span className="qty-adjusted" role="note" aria-label={explanation}>
                  → {qty}
                </span>
              </Tooltip>
            )}
          </div>
        );
      },
    },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 120,
      align: 'right',
      render: (_, row) =>
        row.product ? (
          <div className="number-cell align-end">
            <span>{money(row.product.price, row.product.currency)}</span>
            <span className="muted">{t('bulk.stock', { stock: row.product.available_stock })}</span>
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: '',
      width: 56,
      render: (_, row) => (
        <Tooltip title={t('bulk.removeRow')}>
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('bulk.removeRowFor', { line: row.line })}
            onClick={() => onRemove(row.key)}
          />
        </Tooltip>
      ),
    },
  ];
  return (
    <Table<MatchRow>
      className="match-table"
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 1100 }}
      rowClassName={(row) => (isReady(row) ? 'match-ready' : 'match-open')}
    />
  );
}

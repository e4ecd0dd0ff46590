import { Popover, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductRow, StoreStock } from '@partsportal/contract/catalog';

/** Says how a search hit matched ("OE Toyota 04465-33450", "my number" …). */
export function MatchTag({ match }: { match: ProductRow['match'] }) {
  const { t } = useTranslation();
  if (match.kind === 'none') return null;
  const color = match.kind === 'oe' ? 'blue' : match.kind === 'my_number' ? 'purple' : undefined;
  return (
    <Tag className="match-tag" color={color} data-match={match.kind}>
      {t(`catalog.match.${match.kind}`, { value: match.value })}
    </Tag>
  );
}

/** First two cross numbers, the rest behind "+N". */
export function CrossNumbers({ numbers }: { numbers: ProductRow['contrastNumber'] }) {
  const { t } = useTranslation();
  if (numbers.length === 0) return <span className="muted">—</span>;
  const rest = numbers.length - 2;
  const all = (
    <ul className="cross-list">
      {numbers.map((n) => (
        <li key={`${n.kind}-${n.brand}-${n.number}`}>
          <Tag>{n.kind === 'oe' ? t('catalog.oe') : t('catalog.brandNumber')}</Tag>
          {n.brand} {n.number}
        </li>
      ))}
    </ul>
  );
  return (
    <span className="cross-numbers">
      {numbers.slice(0, 2).map((n) => (
        <span key={`${n.kind}-${n.brand}-${n.number}`} className="cross-number">
          {n.brand} {n.number}
        </span>
      ))}
      {rest > 0 && (
        <Popover content={all} title={t('catalog.crossNumbers')} trigger={['hover', 'click']}>
          <Tag
            className="more-tag"
            role="button"
            tabIndex={0}
            aria-label={t('catalog.moreNumbers', { count: rest })}
          >
            +{rest}
          </Tag>
        </Popover>
      )}
    </span>
  );
}

/**
 * Long make/model lists: one line, the full text in a tooltip. Cut by CSS, not antd's
 * Typography: its `ellipsis` measured every cell in a layout effect (two per catalogue row), and
 * it brought ~15 KB gzip (its copy and edit parts, rc-input) that the catalogue needs nowhere else.
 */
export function EllipsisText({ text, width }: { text: string; width: number }) {
  if (!text) return <span className="muted">—</span>;
  return (
    <Tooltip title={text}>
      <span className="ellipsis-text" style={{ maxWidth: width }}>
        {text}
      </span>
    </Tooltip>
  );
}

export function StoreStockTable({ stores }: { stores: StoreStock[] }) {
  const { t } = useTranslation();
  return (
    <Table<StoreStock>
      className="store-stock-table"
      size="small"
      rowKey="store_id"
      pagination={false}
      dataSource={stores}
      locale={{ emptyText: t('catalog.noStock') }}
      columns={[
        { title: t('catalog.store'), dataIndex: 'store_name' },
        { title: t('catalog.stock'), dataIndex: 'stock', align: 'right' },
        { title: t('catalog.availableStock'), dataIndex: 'available_stock', align: 'right' },
      ]}
    />
  );
}

import { Button, Popover, Tag } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Equivalent, ReplacedBy, Replaces } from '@partsportal/contract/supersessions';
import { useFormatMoney } from '@shared/format/use-format-money';
import './equivalents.css';

/**
 * Supersessions and substitutes as buyers meet them (decision 023), shared by the catalogue, the
 * product detail and the import result: "replaced by X", "replaces X", and the equivalents in
 * stock of an out-of-stock part with their price and stock.
 */

/** The part's number was replaced: a tag that leads to the newer part (when the catalogue has it). */
export function ReplacedByTag({ replacedBy }: { replacedBy: ReplacedBy | null }) {
  const { t } = useTranslation();
  if (!replacedBy) return null;
  const label = t('supersession.replacedBy', { number: `${replacedBy.factory} ${replacedBy.number}` });
  const tag = (
    <Tag className="replaced-by-tag" color="volcano" title={replacedBy.note || undefined}>
      {label}
    </Tag>
  );
  return replacedBy.id === null ? tag : <Link to={`/product/detail?id=${replacedBy.id}`}>{tag}</Link>;
}

/** This (newer) part was found for the number the buyer wrote. */
export function ReplacesTag({ replaces }: { replaces: Replaces | null }) {
  const { t } = useTranslation();
  if (!replaces) return null;
  return (
    <Tag className="replaces-tag" color="green" title={replaces.note || undefined}>
      {t('supersession.replaces', { number: `${replaces.factory} ${replaces.number}` })}
    </Tag>
  );
}

/** The equivalents as a short list: number, brand, name, price, available, and an optional action. */
export function EquivalentList({
  items,
  action,
}: {
  items: Equivalent[];
  action?: { label: string; onPick: (item: Equivalent) => void };
}) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  return (
    <ul className="equivalent-list">
      {items.map((item) => (
        <li key={item.id} className="equivalent-item" data-equivalent={item.id}>
          <span className="equivalent-part">
            <Link to={`/product/detail?id=${item.id}`} className="product-number">
              {item.number}
            </Link>{' '}
            <span className="muted">{item.factory}</span> <span>{item.part_name}</span>{' '}
            <Tag className="equivalent-source">{t(`supersession.source.${item.source}`)}</Tag>
          </span>
          <span className="equivalent-figures">
            <strong>{money(item.price, item.currency)}</strong>{' '}
            <span className="muted">{t('supersession.available', { count: item.available_stock })}</span>
            {action && (
              <Button size="small" className="equivalent-pick" onClick={() => action.onPick(item)}>
                {action.label}
              </Button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** An out-of-stock row's offer: "N equivalents in stock", the list in a popover. */
export function EquivalentsOffer({
  items,
  action,
}: {
  items: Equivalent[];
  action?: { label: string; onPick: (item: Equivalent) => void };
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Popover
      trigger={['click', 'hover']}
      title={t('supersession.equivalentsTitle')}
      content={<EquivalentList items={items} {...(action ? { action } : {})} />}
    >
      <Tag
        className="equivalents-tag"
        color="geekblue"
        icon={<SwapOutlined />}
        role="button"
        tabIndex={0}
        aria-label={t('supersession.equivalentsInStock', { count: items.length })}
      >
        {t('supersession.equivalentsInStock', { count: items.length })}
      </Tag>
    </Popover>
  );
}

import { Descriptions, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InventoryProduct } from '@partsportal/contract/inventory';

/**
 * The product's supersessions and substitutes (decision 023), read-only: the ERP loads them
 * through /api/v1/supersessions and /api/v1/substitutes.
 */
export function ProductLinks({ links }: { links: InventoryProduct['links'] }) {
  const { t } = useTranslation();
  const none = links.replaced_by.length + links.replaces.length + links.substitutes.length === 0;
  const numbers = (rows: Array<{ brand: string; number: string; note: string }>) =>
    rows.length === 0 ? (
      <span className="muted">—</span>
    ) : (
      rows.map((row) => (
        <Tag key={`${row.brand}-${row.number}`} title={row.note || undefined}>
          {row.brand} {row.number}
        </Tag>
      ))
    );
  return (
    <section className="inventory-links" aria-labelledby="inventory-links-title">
      <h3 id="inventory-links-title">{t('supersession.staffTitle')}</h3>
      {none ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supersession.staffNone')} />
      ) : (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('supersession.staffReplacedBy')}>
            {numbers(links.replaced_by)}
          </Descriptions.Item>
          <Descriptions.Item label={t('supersession.staffReplaces')}>
            {numbers(links.replaces)}
          </Descriptions.Item>
          <Descriptions.Item label={t('supersession.staffSubstitutes')}>
            {links.substitutes.length === 0 ? (
              <span className="muted">—</span>
            ) : (
              links.substitutes.map((row) => (
                <Tag key={`${row.direction}-${row.brand}-${row.number}`} title={row.note || undefined}>
                  {row.brand} {row.number} ·{' '}
                  {row.two_way
                    ? t('supersession.staffTwoWay')
                    : row.direction === 'to'
                      ? t('supersession.staffOneWayTo')
                      : t('supersession.staffOneWayFrom')}
                </Tag>
              ))
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </section>
  );
}

import { Breadcrumb, Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { inventoryEndpoints } from '@partsportal/contract/inventory';
import { useEndpointQuery } from '@shared/api/server-state';
import { PRODUCTS_PATH } from './inventory-paths';
import './inventory.css';
import { ProductDetailsTab } from './product-details-tab';
import { ProductFilesTab } from './product-files-tab';
import { ProductNumbersTab } from './product-numbers-tab';
import { ProductPricesTab } from './product-prices-tab';
import { ProductStockTab } from './product-stock-tab';

const TABS = ['details', 'numbers', 'stock', 'prices', 'files'] as const;
type TabKey = (typeof TABS)[number];

/** /admin/products?id=&tab=: one product, in tabs; the tab is in the URL so a reload keeps it. */
export function InventoryProductView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const tab: TabKey = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabKey)
    : 'details';
  const product = useEndpointQuery(inventoryEndpoints.product, { id: valid ? id : 1 }, { enabled: valid });

  if (!valid || product.isError) {
    return (
      <Result
        status="404"
        title={t('admin.inventory.notFound')}
        extra={<Link to={PRODUCTS_PATH}>{t('admin.route.products')}</Link>}
      />
    );
  }
  const data = product.data;
  return (
    <section className="page inventory-page" aria-labelledby="inventory-product-title">
      <Breadcrumb
        items={[
          { title: <Link to={PRODUCTS_PATH}>{t('admin.route.products')}</Link> },
          { title: data?.number ?? '…' },
        ]}
      />
      <h2 id="inventory-product-title" className="inventory-product-title">
        {data ? `${data.brand} ${data.number}` : '…'}
      </h2>
      {!data ? (
        <Skeleton active />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            const next = new URLSearchParams(params);
            next.set('tab', key);
            setParams(next, { replace: true });
          }}
          items={[
            {
              key: 'details',
              label: t('admin.inventory.tab.details'),
              children: <ProductDetailsTab key={data.id} product={data} />,
            },
            {
              key: 'numbers',
              label: t('admin.inventory.tab.numbers'),
              children: <ProductNumbersTab product={data} />,
            },
            {
              key: 'stock',
              label: t('admin.inventory.tab.stock'),
              children: <ProductStockTab productId={data.id} />,
            },
            {
              key: 'prices',
              label: t('admin.inventory.tab.prices'),
              children: <ProductPricesTab product={data} />,
            },
            {
              key: 'files',
              label: t('admin.inventory.tab.files'),
              children: <ProductFilesTab product={data} />,
            },
          ]}
        />
      )}
    </section>
  );
}

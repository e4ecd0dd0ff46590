import { useState } from 'react';
import { Input, Radio, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { inventoryEndpoints, type InventoryRow } from '@partsportal/contract/inventory';
import { useEndpointQuery } from '@shared/api/server-state';
import { PHONE_QUERY, useMediaQuery } from '@shared/hooks/use-media-query';
import { InventoryProductView } from './inventory-product-page';
import { productEditPath } from './inventory-paths';
import './inventory.css';

type Status = 'all' | 'active' | 'inactive';
const STATUSES: readonly Status[] = ['all', 'active', 'inactive'];

/**
 * /admin/products (and `?id=` for one product): the staff's product list (issue 14 item 4). The buyers' search engine —
 * any number in any spelling, or name words — with list prices, every store's stock and the
 * inactive parts flagged. Keyword, status and page live in the URL, so a reload keeps them.
 */
export default function InventoryProductsPage() {
  const [params] = useSearchParams();
  return params.get('id') ? <InventoryProductView /> : <ProductList />;
}

function ProductList() {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Status)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Math.min(200, Math.max(10, Number(params.get('pageSize')) || 20));
  const [input, setInput] = useState(keyword);

  const update = (patch: Record<string, string | number>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === '' || value === 'all' || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: true });
  };

  const list = useEndpointQuery(inventoryEndpoints.search, { keyword, status, page, pageSize });
  const data = list.data;

  const nameCell = (row: InventoryRow) => (
    <>
      <Link to={productEditPath(row.id)} className="product-number">
        {row.number}
      </Link>
      {!row.is_active && (
        <Tag color="default" className="inventory-inactive-tag">
          {t('admin.inventory.inactive')}
        </Tag>
      )}
      {phone && <div className="muted">{row.part_name}</div>}
    </>
  );

  const columns: TableColumnsType<InventoryRow> = phone
    ? [
        { key: 'number', title: t('admin.inventory.number'), render: (_, row) => nameCell(row) },
        { key: 'brand', dataIndex: 'brand', title: t('admin.inventory.brand'), width: 90 },
        {
          key: 'stock',
          title: t('admin.inventory.stock'),
          width: 72,
          align: 'right',
          render: (_, row) => row.stock,
        },
      ]
    : [
        { key: 'number', title: t('admin.inventory.number'), width: 140, render: (_, row) => nameCell(row) },
        { key: 'brand', dataIndex: 'brand', title: t('admin.inventory.brand'), width: 100 },
        { key: 'part_name', dataIndex: 'part_name', title: t('admin.inventory.partName'), width: 180 },
        { key: 'part_type', dataIndex: 'part_type', title: t('admin.inventory.partType'), width: 110 },
        { key: 'unit', dataIndex: 'unit', title: t('admin.inventory.unit'), width: 56 },
        {
          key: 'price',
          dataIndex: 'price',
          title: t('admin.inventory.listPrice'),
          width: 86,
          align: 'right',
        },
        {
          key: 'stores',
          title: t('admin.inventory.storeStock'),
          width: 236,
          render: (_, row) => {
            const held = row.stores.filter((store) => store.stock > 0);
            if (held.length === 0) return <span className="muted">0</span>;
            return held.map((store) => (
              <div key={store.store_id} className="inventory-store-line">
                <span className="muted">{store.store_name}</span> {store.stock}
              </div>
            ));
          },
        },
        {
          key: 'stock',
          title: t('admin.inventory.stockAvailable'),
          width: 96,
          align: 'right',
          render: (_, row) => `${row.stock} / ${row.available_stock}`,
        },
        {
          key: 'match',
          title: t('admin.inventory.match'),
          width: 150,
          render: (_, row) =>
            row.match.kind === 'none' ? null : (
              <span className="muted">{`${t(`admin.inventory.matchKind.${row.match.kind}`)} ${row.match.value}`}</span>
            ),
        },
      ];

  return (
    <section className="page inventory-page" aria-label={t('admin.route.products')}>
      <div className="filter-bar inventory-filter-bar">
        <Input.Search
          aria-label={t('admin.inventory.searchLabel')}
          placeholder={t('admin.inventory.searchPlaceholder')}
          allowClear
          enterButton
          maxLength={200}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onSearch={(value) => update({ keyword: value.trim(), page: 1 })}
        />
        <Radio.Group
          optionType="button"
          aria-label={t('admin.inventory.statusLabel')}
          value={status}
          onChange={(event) => update({ status: event.target.value as Status, page: 1 })}
          options={STATUSES.map((value) => ({ value, label: t(`admin.inventory.status.${value}`) }))}
        />
      </div>
      <Table<InventoryRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={list.isFetching}
        scroll={phone ? undefined : { x: 1160 }}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: !phone,
          simple: phone,
          showTotal: phone
            ? undefined
            : (total) =>
                data?.total_is_lower_bound
                  ? t('admin.inventory.totalLowerBound', { total })
                  : t('admin.inventory.total', { total }),
          onChange: (nextPage, nextSize) =>
            update({ page: nextSize !== pageSize ? 1 : nextPage, pageSize: nextSize }),
        }}
      />
    </section>
  );
}

import { useState } from 'react';
import { Button, InputNumber, Skeleton, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { inventoryEndpoints } from '@partsportal/contract/inventory';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { PHONE_QUERY, useMediaQuery } from '@shared/hooks/use-media-query';
import { useFeedback } from '@shared/ui/feedback';

type StockRow = z.output<typeof inventoryEndpoints.stock.data>[number];

/** On-hand stock per store; what unshipped orders hold stays reserved (available = on hand − reserved). */
export function ProductStockTab({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const phone = useMediaQuery(PHONE_QUERY);
  const stock = useEndpointQuery(inventoryEndpoints.stock, { id: productId });
  const [edits, setEdits] = useState<Record<number, number | null>>({});
  const [saving, setSaving] = useState<number | null>(null);

  const save = async (row: StockRow) => {
    const value = edits[row.store_id];
    if (value === undefined || value === null) return;
    setSaving(row.store_id);
    try {
      await mutateEndpoint(
        inventoryEndpoints.setStock,
        { product_id: productId, store_id: row.store_id, stock: value },
        { invalidates: [inventoryEndpoints.stock, inventoryEndpoints.search] },
      );
      setEdits(({ [row.store_id]: _done, ...rest }) => rest);
      void message.success(t('admin.inventory.saved'));
    } catch {
      // Toasted (e.g. below what orders hold).
    } finally {
      setSaving(null);
    }
  };

  if (!stock.data) return <Skeleton active />;
  return (
    <Table<StockRow>
      rowKey="store_id"
      size="small"
      pagination={false}
      dataSource={stock.data}
      columns={[
        {
          key: 'store',
          title: t('admin.inventory.store'),
          render: (_, row) => (
            <>
              {row.store_name} {!row.store_active && <Tag>{t('admin.inventory.inactive')}</Tag>}
              {phone && (
                <div className="muted">
                  {`${t('admin.inventory.available')} ${row.available_stock} · ${t('admin.inventory.reserved')} ${row.reserved}`}
                </div>
              )}
            </>
          ),
        },
        {
          key: 'stock',
          title: t('admin.inventory.onHand'),
          width: phone ? 170 : 200,
          render: (_, row) => (
            <Space.Compact>
              <InputNumber
                aria-label={`${t('admin.inventory.onHand')} ${row.store_name}`}
                min={row.reserved}
                max={100_000_000}
                precision={0}
                value={edits[row.store_id] ?? row.stock}
                onChange={(value) => setEdits((all) => ({ ...all, [row.store_id]: value }))}
                onPressEnter={() => void save(row)}
                style={{ width: phone ? 90 : 110 }}
              />
              <Button
                type={edits[row.store_id] !== undefined ? 'primary' : 'default'}
                disabled={edits[row.store_id] === undefined || edits[row.store_id] === row.stock}
                loading={saving === row.store_id}
                onClick={() => void save(row)}
              >
                {t('admin.inventory.set')}
              </Button>
            </Space.Compact>
          ),
        },
        ...(phone
          ? []
          : [
              {
                key: 'available',
                dataIndex: 'available_stock',
                title: t('admin.inventory.available'),
                width: 90,
                align: 'right' as const,
              },
              {
                key: 'reserved',
                dataIndex: 'reserved',
                title: t('admin.inventory.reserved'),
                width: 90,
                align: 'right' as const,
              },
            ]),
      ]}
    />
  );
}

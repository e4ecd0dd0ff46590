import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { inventoryEndpoints, type InventoryProduct } from '@partsportal/contract/inventory';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useDebouncedValue } from '@shared/hooks/use-debounced-value';
import { useFeedback } from '@shared/ui/feedback';

type PriceRow = z.output<typeof inventoryEndpoints.companyPrices.data>['list'][number];
interface PriceForm {
  company_id: number;
  price: string;
}

/** Company-specific prices of one product, each in its company's currency; the level prices for comparison. */
export function ProductPricesTab({ product }: { product: InventoryProduct }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<PriceForm>();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, 300);
  const prices = useEndpointQuery(inventoryEndpoints.companyPrices, {
    product_id: product.id,
    pageSize: 200,
  });
  const companies = useEndpointQuery(inventoryEndpoints.findCompanies, { keyword });
  const levels = useEndpointQuery(inventoryEndpoints.priceLevels, {});
  const invalidates = [inventoryEndpoints.companyPrices];

  const set = async (values: PriceForm) => {
    try {
      await mutateEndpoint(
        inventoryEndpoints.setCompanyPrice,
        { product_id: product.id, company_id: values.company_id, price: values.price.trim() },
        { invalidates },
      );
      form.resetFields();
      void message.success(t('admin.inventory.saved'));
    } catch {
      // Toasted.
    }
  };
  const remove = async (row: PriceRow) => {
    try {
      await mutateEndpoint(inventoryEndpoints.removeCompanyPrice, { id: row.id }, { invalidates });
    } catch {
      // Toasted.
    }
  };

  return (
    <div className="inventory-prices">
      <p className="muted">
        {t('admin.inventory.listPrice')}: <strong>{product.price}</strong>
        {(levels.data ?? []).map((level) => (
          <span key={level.id} className="inventory-level-price">
            {` · ${level.name} ×${Number(level.factor)} = ${(Number(product.price) * Number(level.factor)).toFixed(2)}`}
          </span>
        ))}
      </p>
      <Form<PriceForm>
        name="company-price"
        form={form}
        layout="inline"
        className="inventory-inline-form"
        onFinish={(v) => void set(v)}
      >
        <Form.Item
          name="company_id"
          label={t('admin.inventory.company')}
          rules={[{ required: true, message: t('admin.inventory.required') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            style={{ width: 260 }}
            placeholder={t('admin.inventory.companySearch')}
            options={(companies.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.currency})` }))}
          />
        </Form.Item>
        <Form.Item
          name="price"
          label={t('admin.inventory.companyPrice')}
          rules={[
            { required: true, message: t('admin.inventory.required') },
            { pattern: /^\d{1,12}(\.\d{1,4})?$/, message: t('admin.inventory.moneyFormat') },
          ]}
        >
          <Input inputMode="decimal" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('admin.inventory.setPrice')}
          </Button>
        </Form.Item>
      </Form>
      <Table<PriceRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={prices.isFetching}
        dataSource={prices.data?.list ?? []}
        locale={{ emptyText: t('admin.inventory.noCompanyPrices') }}
        columns={[
          { key: 'company', dataIndex: 'company_name', title: t('admin.inventory.company') },
          {
            key: 'price',
            title: t('admin.inventory.companyPrice'),
            width: 140,
            align: 'right',
            render: (_, row) => `${row.price} ${row.currency}`,
          },
          {
            key: 'remove',
            width: 90,
            render: (_, row) => (
              <Popconfirm title={t('admin.inventory.removeConfirm')} onConfirm={() => void remove(row)}>
                <Button type="link" danger size="small">
                  {t('admin.inventory.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}

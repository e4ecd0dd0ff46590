import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { inventoryEndpoints, type InventoryProduct } from '@partsportal/contract/inventory';
import { mutateEndpoint } from '@shared/api/server-state';
import { ProductLinks } from './product-links';
import { useFeedback } from '@shared/ui/feedback';

type NumberRow = InventoryProduct['numbers'][number];
interface AddForm {
  kind: 'oe' | 'brand';
  brand_name: string;
  number: string;
}

/** Cross numbers: OE (vehicle maker) and other brands' numbers; the buyers' search finds the part by them. */
export function ProductNumbersTab({ product }: { product: InventoryProduct }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<AddForm>();
  const [adding, setAdding] = useState(false);
  const invalidates = [inventoryEndpoints.product, inventoryEndpoints.search];

  const add = async (values: AddForm) => {
    setAdding(true);
    try {
      await mutateEndpoint(
        inventoryEndpoints.addNumber,
        { product_id: product.id, ...values },
        { invalidates },
      );
      form.resetFields(['number']);
      void message.success(t('admin.inventory.numberAdded'));
    } catch {
      // Toasted (a duplicate names the number it repeats).
    } finally {
      setAdding(false);
    }
  };
  const remove = async (row: NumberRow) => {
    try {
      await mutateEndpoint(
        inventoryEndpoints.removeNumber,
        { product_id: product.id, number_id: row.id },
        { invalidates },
      );
    } catch {
      // Toasted.
    }
  };

  return (
    <div className="inventory-numbers">
      <Form<AddForm>
        name="cross-number"
        form={form}
        layout="inline"
        className="inventory-inline-form"
        initialValues={{ kind: 'oe', brand_name: '', number: '' }}
        onFinish={(values) => void add(values)}
      >
        <Form.Item name="kind" label={t('admin.inventory.numberKind')}>
          <Select
            style={{ width: 130 }}
            options={[
              { value: 'oe', label: t('admin.inventory.kind.oe') },
              { value: 'brand', label: t('admin.inventory.kind.brand') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="brand_name"
          label={t('admin.inventory.numberBrand')}
          rules={[{ required: true, whitespace: true, message: t('admin.inventory.required') }]}
        >
          <Input maxLength={64} placeholder="TOYOTA" />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('admin.inventory.number')}
          rules={[{ required: true, whitespace: true, message: t('admin.inventory.required') }]}
        >
          <Input maxLength={64} placeholder="04465-33450" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={adding}>
            {t('admin.inventory.addNumber')}
          </Button>
        </Form.Item>
      </Form>
      <Table<NumberRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={product.numbers}
        locale={{ emptyText: t('admin.inventory.noNumbers') }}
        columns={[
          {
            key: 'kind',
            title: t('admin.inventory.numberKind'),
            width: 110,
            render: (_, row) => (
              <Tag color={row.kind === 'oe' ? 'blue' : 'default'}>
                {t(`admin.inventory.kind.${row.kind}`)}
              </Tag>
            ),
          },
          { key: 'brand', dataIndex: 'brand_name', title: t('admin.inventory.numberBrand') },
          { key: 'number', dataIndex: 'number', title: t('admin.inventory.number') },
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
      <ProductLinks links={product.links} />
    </div>
  );
}

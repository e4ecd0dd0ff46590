import { useMemo, useState } from 'react';
import { Button, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Switch, Tag } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { inventoryEndpoints, type InventoryProduct } from '@partsportal/contract/inventory';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { changedProductFields, type ProductForm, toProductForm } from './product-form';
import { useFeedback } from '@shared/ui/feedback';

const MONEY = /^\d{1,12}(\.\d{1,4})?$/;

/** The product's own fields; Save sends only what changed (the server audits it before/after). */
export function ProductDetailsTab({ product }: { product: InventoryProduct }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ProductForm>();
  const [saving, setSaving] = useState(false);
  const options = useEndpointQuery(inventoryEndpoints.options, {});
  const initial = useMemo(() => toProductForm(product), [product]);
  const invalidates = [inventoryEndpoints.product, inventoryEndpoints.search];

  const save = async (values: ProductForm) => {
    const changes = changedProductFields(initial, values);
    if (Object.keys(changes).length === 0) {
      void message.info(t('admin.inventory.nothingChanged'));
      return;
    }
    setSaving(true);
    try {
      await mutateEndpoint(inventoryEndpoints.update, { id: product.id, ...changes }, { invalidates });
      void message.success(t('admin.inventory.saved'));
    } catch {
      // Toasted by the API client (the message names the field).
    } finally {
      setSaving(false);
    }
  };

  const setActive = async (active: boolean) => {
    try {
      await mutateEndpoint(inventoryEndpoints.setActive, { id: product.id, active }, { invalidates });
      void message.success(active ? t('admin.inventory.reactivated') : t('admin.inventory.deactivated'));
    } catch {
      // Toasted by the API client.
    }
  };

  const required = { required: true, whitespace: true, message: t('admin.inventory.required') };
  const money = { pattern: MONEY, message: t('admin.inventory.moneyFormat') };

  return (
    <div className="inventory-details">
      <div className="inventory-active-bar">
        {product.is_active ? (
          <Tag color="success">{t('admin.inventory.active')}</Tag>
        ) : (
          <Tag>{t('admin.inventory.inactive')}</Tag>
        )}
        <Popconfirm
          title={
            product.is_active
              ? t('admin.inventory.deactivateConfirm')
              : t('admin.inventory.reactivateConfirm')
          }
          onConfirm={() => void setActive(!product.is_active)}
        >
          <Button danger={product.is_active}>
            {product.is_active ? t('admin.inventory.deactivate') : t('admin.inventory.reactivate')}
          </Button>
        </Popconfirm>
        <span className="muted">{t('admin.inventory.fitments', { count: product.fitments })}</span>
      </div>
      <Form<ProductForm>
        name="product-details"
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void save(values)}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="number" label={t('admin.inventory.number')} rules={[required, { max: 64 }]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="brand_id" label={t('admin.inventory.brand')} rules={[{ required: true }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={(options.data?.brands ?? []).map((b) => ({ value: b.id, label: b.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="part_type_id" label={t('admin.inventory.partType')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={(options.data?.part_types ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Col>
          {(['name_zh', 'name_en', 'name_es'] as const).map((field) => (
            <Col xs={24} md={8} key={field}>
              <Form.Item name={field} label={t(`admin.inventory.${field}`)} rules={[required, { max: 200 }]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={12} md={4}>
            <Form.Item name="unit" label={t('admin.inventory.unit')} rules={[required]}>
              <Input maxLength={16} />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item name="price" label={t('admin.inventory.listPrice')} rules={[required, money]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item name="weight" label={t('admin.inventory.weight')} rules={[money]}>
              <Input inputMode="decimal" suffix="kg" />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item
              name="buy_qty"
              label={t('admin.inventory.buyQty')}
              tooltip={t('admin.inventory.buyQtyHint')}
            >
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item name="is_new" label={t('admin.inventory.isNew')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('admin.inventory.remark')} rules={[{ max: 2000 }]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('admin.inventory.params')}>
          <Form.List name="pro_params">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <div key={field.key} className="inventory-param-row">
                    <Form.Item name={[field.name, 'name']} rules={[required]} noStyle>
                      <Input placeholder={t('admin.inventory.paramName')} maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <Input placeholder={t('admin.inventory.paramValue')} maxLength={500} />
                    </Form.Item>
                    <MinusCircleOutlined
                      aria-label={t('admin.inventory.remove')}
                      onClick={() => remove(field.name)}
                    />
                  </div>
                ))}
                <Button type="dashed" onClick={() => add({ name: '', value: '' })} icon={<PlusOutlined />}>
                  {t('admin.inventory.addParam')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('admin.inventory.save')}
        </Button>
      </Form>
    </div>
  );
}

import { useState } from 'react';
import { Button, Form, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { inventoryEndpoints } from '@partsportal/contract/inventory';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFeedback } from '@shared/ui/feedback';
import './inventory.css';

type Level = z.output<typeof inventoryEndpoints.priceLevels.data>[number];
interface LevelForm {
  name: string;
  factor: string;
}

const FACTOR = /^\d{1,3}(\.\d{1,4})?$/;

/** /admin/prices: each level is a factor on the list price; a change applies to its companies at once. */
export default function PriceLevelsPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<LevelForm>();
  const levels = useEndpointQuery(inventoryEndpoints.priceLevels, {});
  const [edits, setEdits] = useState<Record<number, Partial<LevelForm>>>({});
  const invalidates = [inventoryEndpoints.priceLevels, inventoryEndpoints.options];

  const factorRules = [
    { required: true, message: t('admin.inventory.required') },
    { pattern: FACTOR, message: t('admin.inventory.factorFormat') },
    {
      validator: async (_: unknown, value: string) => {
        if (value && !(Number(value) > 0 && Number(value) <= 100))
          throw new Error(t('admin.inventory.factorFormat'));
      },
    },
  ];

  const create = async (values: LevelForm) => {
    try {
      await mutateEndpoint(
        inventoryEndpoints.createPriceLevel,
        { name: values.name.trim(), factor: values.factor.trim() },
        { invalidates },
      );
      form.resetFields();
      void message.success(t('admin.inventory.saved'));
    } catch {
      // Toasted.
    }
  };
  const save = async (level: Level) => {
    const edit = edits[level.id];
    if (!edit) return;
    try {
      await mutateEndpoint(
        inventoryEndpoints.updatePriceLevel,
        {
          id: level.id,
          ...(edit.name !== undefined ? { name: edit.name.trim() } : {}),
          ...(edit.factor !== undefined ? { factor: edit.factor.trim() } : {}),
        },
        { invalidates },
      );
      setEdits(({ [level.id]: _done, ...rest }) => rest);
      void message.success(t('admin.inventory.saved'));
    } catch {
      // Toasted.
    }
  };
  const edit = (id: number, patch: Partial<LevelForm>) =>
    setEdits((all) => ({ ...all, [id]: { ...all[id], ...patch } }));

  return (
    <section className="page inventory-page" aria-label={t('admin.route.priceLevels')}>
      <p className="muted">{t('admin.inventory.levelsHint')}</p>
      <Form<LevelForm>
        name="price-level"
        form={form}
        layout="inline"
        className="inventory-inline-form"
        onFinish={(v) => void create(v)}
      >
        <Form.Item
          name="name"
          label={t('admin.inventory.levelName')}
          rules={[{ required: true, whitespace: true, message: t('admin.inventory.required') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="factor" label={t('admin.inventory.factor')} rules={factorRules}>
          <Input inputMode="decimal" placeholder="0.85" style={{ width: 100 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('admin.inventory.createLevel')}
          </Button>
        </Form.Item>
      </Form>
      <Table<Level>
        rowKey="id"
        size="middle"
        pagination={false}
        scroll={{ x: 480 }}
        loading={levels.isFetching}
        dataSource={levels.data ?? []}
        columns={[
          {
            key: 'name',
            title: t('admin.inventory.levelName'),
            width: 180,
            render: (_, level) => (
              <Input
                aria-label={t('admin.inventory.levelName')}
                maxLength={64}
                value={edits[level.id]?.name ?? level.name}
                onChange={(e) => edit(level.id, { name: e.target.value })}
              />
            ),
          },
          {
            key: 'factor',
            title: t('admin.inventory.factor'),
            width: 120,
            render: (_, level) => {
              const value = edits[level.id]?.factor ?? String(Number(level.factor));
              const bad = !FACTOR.test(value) || !(Number(value) > 0 && Number(value) <= 100);
              return (
                <Input
                  aria-label={t('admin.inventory.factor')}
                  inputMode="decimal"
                  status={bad ? 'error' : undefined}
                  value={value}
                  onChange={(e) => edit(level.id, { factor: e.target.value })}
                  onPressEnter={() => !bad && void save(level)}
                />
              );
            },
          },
          {
            key: 'companies',
            dataIndex: 'companies',
            title: t('admin.inventory.levelCompanies'),
            width: 100,
            align: 'right',
          },
          {
            key: 'save',
            width: 90,
            render: (_, level) => (
              <Button
                type="primary"
                size="small"
                disabled={!edits[level.id]}
                onClick={() => void save(level)}
              >
                {t('admin.inventory.save')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}

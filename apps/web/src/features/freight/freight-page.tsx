import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Cascader,
  Empty,
  Form,
  InputNumber,
  Select,
  Table,
  type GetRef,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addressEndpoints } from '@partsportal/contract/addresses';
import { catalogEndpoints } from '@partsportal/contract/catalog';
import {
  FREIGHT_METHOD,
  FREIGHT_PLUGIN_TYPE,
  freightEndpoints,
  type FreightView,
} from '@partsportal/contract/freight';
import { callEndpoint } from '@shared/api/client';
import { useEndpointQuery } from '@shared/api/server-state';
import { useDebouncedValue } from '@shared/hooks/use-debounced-value';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { countryOptions, receivingAreaOptions } from '@shared/areas/area-tree';
import {
  byPrice,
  detailQuery,
  parseItems,
  validateFreightForm,
  type FreightField,
  type FreightLink,
} from './freight-form';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFeedback } from '@shared/ui/feedback';

const PATH = '/proCFreight/index';

interface PickedProduct {
  id: number;
  label: string;
  qty: number;
}

export default function FreightPage() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const { message } = useFeedback();
  const [params] = useRouteSearchParams(PATH);

  const areas = useEndpointQuery(addressEndpoints.getAllAreas, {});
  const countries = useMemo(() => countryOptions(areas.data ?? []), [areas.data]);
  const receiving = useMemo(() => receivingAreaOptions(areas.data ?? []), [areas.data]);

  const [products, setProducts] = useState<PickedProduct[]>([]);
  const [fromAreaId, setFromAreaId] = useState<number | null>(null);
  const [toAreaPath, setToAreaPath] = useState<number[]>([]);
  const [invalid, setInvalid] = useState<FreightField | null>(null);
  const [views, setViews] = useState<{ link: FreightLink; list: FreightView[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const fromRef = useRef<GetRef<typeof Select>>(null);
  const toRef = useRef<GetRef<typeof Cascader>>(null);

  // Arriving from the catalogue with ?ids=: add those products (labels from their details).
  const idsParam = params.get('ids');
  useEffect(() => {
    const wanted = parseItems(idsParam);
    if (wanted.length === 0) return;
    let live = true;
    void Promise.all(
      wanted.map(async ({ id, qty }) => {
        try {
          const p = await callEndpoint(
            catalogEndpoints.getProductDetail,
            {},
            { params: { id }, silent: true },
          );
          return { id, qty, label: `${p.number} · ${p.part_name}` };
        } catch {
          return { id, qty, label: `#${id}` };
        }
      }),
    ).then((picked) => {
      if (!live) return;
      setProducts((current) => [...current, ...picked.filter((p) => !current.some((c) => c.id === p.id))]);
    });
    return () => {
      live = false;
    };
  }, [idsParam]);

  // The product picker searches the catalogue as the user types.
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const found = useEndpointQuery(
    catalogEndpoints.getProductList,
    { keyword: debounced, page: 1, pageSize: 20 },
    { enabled: debounced.length >= 2 },
  );
  const productOptions =
    debounced.length >= 2
      ? (found.data?.list ?? []).map((p) => ({
          value: p.id,
          label: `${p.number} · ${p.part_name} (${p.factory})`,
        }))
      : [];

  const submit = async () => {
    const items = products.map((p) => ({ id: p.id, qty: p.qty }));
    const problem = validateFreightForm({ items, fromAreaId, toAreaPath });
    if (problem) {
      setInvalid(problem.field);
      void message.error(t(problem.messageKey));
      if (problem.field === 'from') fromRef.current?.focus();
      if (problem.field === 'to') toRef.current?.focus();
      return;
    }
    setInvalid(null);
    const toAreaId = toAreaPath.at(-1) ?? 0;
    const link: FreightLink = { items, fromAreaId: fromAreaId ?? 0, toAreaId };
    setLoading(true);
    try {
      const list = await callEndpoint(freightEndpoints.commonPost, {
        type: FREIGHT_PLUGIN_TYPE,
        m: FREIGHT_METHOD,
        data: JSON.stringify(link),
      });
      setViews({ link, list: byPrice(list) });
    } catch {
      // Toasted by the API client.
    } finally {
      setLoading(false);
    }
  };

  const productColumns: TableColumnsType<PickedProduct> = [
    { key: 'label', dataIndex: 'label', title: t('freight.product') },
    {
      key: 'qty',
      title: t('catalog.quantity'),
      width: 140,
      render: (_, row) => (
        <InputNumber
          aria-label={t('catalog.quantityFor', { number: row.label })}
          min={1}
          max={1_000_000}
          precision={0}
          value={row.qty}
          onChange={(value) =>
            setProducts((list) =>
              list.map((p) => (p.id === row.id ? { ...p, qty: value && value > 0 ? value : 1 } : p)),
            )
          }
        />
      ),
    },
    {
      key: 'remove',
      width: 60,
      render: (_, row) => (
        <Button
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t('freight.remove', { product: row.label })}
          onClick={() => setProducts((list) => list.filter((p) => p.id !== row.id))}
        />
      ),
    },
  ];

  const viewColumns: TableColumnsType<FreightView> = [
    { key: 'carrier', dataIndex: 'carrier', title: t('freight.carrier') },
    {
      key: 'mode',
      dataIndex: 'mode',
      title: t('freight.mode'),
      render: (mode: string) => t(`freight.modes.${mode}`, { defaultValue: mode }),
    },
    { key: 'route', title: t('freight.route'), render: (_, v) => `${v.from} → ${v.to}` },
    {
      key: 'weights',
      title: t('freight.weights'),
      align: 'right',
      render: (_, v) => `${v.weight_kg} / ${v.volumetric_kg} / ${v.chargeable_kg}`,
    },
    {
      key: 'price',
      title: t('catalog.price'),
      align: 'right',
      render: (_, v) => <strong className="freight-price">{money(v.price, v.currency)}</strong>,
    },
    {
      key: 'days',
      title: t('freight.transitDays'),
      align: 'right',
      render: (_, v) => t('freight.days', { min: v.transit_days_min, max: v.transit_days_max }),
    },
    {
      key: 'detail',
      title: t('freight.breakdown'),
      render: (_, v) =>
        views && (
          <Link to={`/proCFreight/ProCFreightDetail?${detailQuery(views.link, v)}`}>
            {t('freight.details')}
          </Link>
        ),
    },
  ];

  return (
    <section className="page freight-page" aria-labelledby="freight-title">
      <h1 id="freight-title" className="page-title">
        {t('route.freight')}
      </h1>
      <Form layout="vertical" className="freight-form" onFinish={() => void submit()}>
        <Form.Item label={t('freight.products')} validateStatus={invalid === 'items' ? 'error' : undefined}>
          <Select<number>
            className="freight-product-search"
            showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
            value={null}
            placeholder={t('freight.productPlaceholder')}
            aria-label={t('freight.products')}
            notFoundContent={debounced.length >= 2 && !found.isFetching ? t('catalog.empty') : null}
            loading={found.isFetching}
            options={productOptions}
            onSelect={(id: number, option) => {
              setSearch('');
              setProducts((list) =>
                list.some((p) => p.id === id) ? list : [...list, { id, qty: 1, label: String(option.label) }],
              );
            }}
          />
        </Form.Item>
        {products.length > 0 && (
          <Table<PickedProduct>
            className="freight-products"
            size="small"
            rowKey="id"
            pagination={false}
            columns={productColumns}
            dataSource={products}
          />
        )}
        <div className="freight-areas">
          <Form.Item
            label={t('freight.from')}
            htmlFor="freight-from"
            required
            validateStatus={invalid === 'from' ? 'error' : undefined}
          >
            <Select<number>
              id="freight-from"
              ref={fromRef}
              className="freight-from"
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              placeholder={t('freight.fromPlaceholder')}
              loading={areas.isFetching}
              value={fromAreaId ?? undefined}
              options={countries}
              onChange={(value) => {
                setFromAreaId(value ?? null);
                if (invalid === 'from') setInvalid(null);
              }}
            />
          </Form.Item>
          <Form.Item
            label={t('freight.to')}
            htmlFor="freight-to"
            required
            validateStatus={invalid === 'to' ? 'error' : undefined}
          >
            <Cascader
              id="freight-to"
              ref={toRef}
              className="freight-to"
              changeOnSelect
              showSearch
              placeholder={t('freight.toPlaceholder')}
              options={receiving}
              value={toAreaPath}
              onChange={(path) => {
                setToAreaPath((path ?? []) as number[]);
                if (invalid === 'to') setInvalid(null);
              }}
            />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={loading} className="freight-submit">
          {t('freight.calculate')}
        </Button>
      </Form>
      {views && (
        <Table<FreightView>
          className="freight-views detail-card"
          rowKey={(v) => `${v.carrier}|${v.mode}`}
          pagination={false}
          scroll={{ x: 900 }}
          columns={viewColumns}
          dataSource={views.list}
          locale={{ emptyText: <Empty description={t('freight.noViews')} /> }}
        />
      )}
    </section>
  );
}

import { useState } from 'react';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Image,
  Row,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { PaperClipOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { catalogEndpoints, type ProductDetail } from '@partsportal/contract/catalog';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import { assetUrl, downloadUrl } from '@shared/api/asset-url';
import { addToCart } from '@shared/api/cart-api';
import { useEndpointQuery } from '@shared/api/server-state';
import { qtyStep } from '@shared/catalog/quantity';
import { QuantityInput } from '@shared/catalog/quantity-input';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useHasAnyCode } from '@shared/permission/use-has-code';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { useSessionStore } from '@shared/stores/session-store';
import { StoreStockTable } from './product-cells';
import { EquivalentList, ReplacedByTag } from '@shared/catalog/equivalents';
import { useFormatMoney } from '@shared/format/use-format-money';
import { detailTitle, trimDecimal, VEHICLE_FIELDS } from './product-detail-fields';
import { useFeedback } from '@shared/ui/feedback';
import { MissingPage, MissingState } from '@shared/ui/missing-state';

const PATH = '/product/detail';

type Vehicle = ProductDetail['vehicles'][number];
type CrossNumber = ProductDetail['contrastNumber'][number];

export default function ProductDetailPage() {
  const { t } = useTranslation();
  const [params] = useRouteSearchParams(PATH);
  const raw = params.get('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const detail = useEndpointQuery(
    catalogEndpoints.getProductDetail,
    {},
    { params: { id: id ?? 0 }, enabled: id !== null },
  );

  if (id === null) return <MissingPage pageTitle={t('route.productDetail')} title={t('detail.noProduct')} />;
  if (!detail.data || detail.data.id !== id) {
    return (
      <section className="page">
        <h1 className="page-title">{t('route.productDetail')}</h1>
        {detail.isError && !detail.isFetching ? (
          <MissingState title={t('detail.notFound')} />
        ) : (
          <Skeleton active paragraph={{ rows: 10 }} />
        )}
      </section>
    );
  }
  return <ProductDetailView product={detail.data} />;
}

function ProductDetailView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const { message } = useFeedback();
  const canBuy = useHasAnyCode([MENU_CODES.cart]);
  const formatDate = useFormatDate();
  const showMyNumber = useSessionStore((s) => s.userInfo?.product_detail_title_show_my_number ?? false);
  const [qty, setQty] = useState(qtyStep(product.buy_qty));
  const [storeId, setStoreId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const dash = <span className="muted">—</span>;

  const onAdd = async () => {
    setAdding(true);
    try {
      await addToCart([{ cpid: product.id, qty, store_id: storeId }]);
      void message.success(t('catalog.added', { count: 1 }));
    } catch {
      // Toasted by the API client.
    } finally {
      setAdding(false);
    }
  };

  const vehicleColumns: TableColumnsType<Vehicle> = VEHICLE_FIELDS.map((field) => ({
    key: field,
    dataIndex: field,
    title: t(`detail.vehicle.${field}`),
    render: (value: string | number | null) => (value === null || value === '' ? '—' : value),
  }));
  const crossColumns: TableColumnsType<CrossNumber> = [
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('detail.crossKind'),
      render: (kind: CrossNumber['kind']) =>
        kind === 'oe' ? <Tag color="blue">{t('catalog.oe')}</Tag> : <Tag>{t('catalog.brandNumber')}</Tag>,
    },
    { key: 'brand', dataIndex: 'brand', title: t('catalog.factory') },
    { key: 'number', dataIndex: 'number', title: t('catalog.number') },
  ];

  return (
    <section className="page product-detail" aria-labelledby="detail-title">
      <h1 id="detail-title" className="page-title">
        {detailTitle(product, showMyNumber)}
      </h1>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10} lg={8}>
          <Card className="gallery-card">
            {product.images.length > 0 ? (
              <Image.PreviewGroup>
                <div className="gallery">
                  {product.images.map((path, index) => (
                    <Image
                      key={path}
                      src={assetUrl(path)}
                      alt={`${product.number} ${index + 1}`}
                      width={index === 0 ? 280 : 64}
                      height={index === 0 ? 280 : 64}
                    />
                  ))}
                </div>
              </Image.PreviewGroup>
            ) : (
              <Empty description={t('detail.noPictures')} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={14} lg={16}>
          <Card>
            <Descriptions column={{ xs: 1, sm: 2 }} size="small" className="buy-box">
              <Descriptions.Item label={t('catalog.number')}>
                {product.number} <ReplacedByTag replacedBy={product.replaced_by} />
              </Descriptions.Item>
              <Descriptions.Item label={t('catalog.factory')}>{product.factory}</Descriptions.Item>
              <Descriptions.Item label={t('catalog.myNumber')}>{product.my_number || dash}</Descriptions.Item>
              <Descriptions.Item label={t('catalog.partType')}>{product.part_type}</Descriptions.Item>
              <Descriptions.Item label={t('catalog.price')}>
                <strong className="detail-price">{money(product.price, product.currency)}</strong>
              </Descriptions.Item>
              <Descriptions.Item label={t('catalog.lastPurchase')}>
                {product.last_price === null
                  ? dash
                  : `${money(product.last_price, product.currency)} × ${product.last_qty ?? 0}`}
              </Descriptions.Item>
              <Descriptions.Item label={t('catalog.stockAvailable')}>
                {product.stock} / {product.available_stock}
              </Descriptions.Item>
              <Descriptions.Item label={t('catalog.buyQty')}>{product.buy_qty || dash}</Descriptions.Item>
              <Descriptions.Item label={t('catalog.salecount')}>{product.salecount}</Descriptions.Item>
              <Descriptions.Item label={t('catalog.marketTime')}>
                {product.market_time ? formatDate(product.market_time) : dash}
                {product.is_new && (
                  <Tag color="green" className="new-tag">
                    {t('catalog.new')}
                  </Tag>
                )}
              </Descriptions.Item>
            </Descriptions>
            {canBuy && (
              <Space wrap className="detail-buy">
                <QuantityInput
                  className="qty-input detail-qty"
                  size="middle"
                  number={product.number}
                  buyQty={product.buy_qty}
                  value={qty}
                  onCommit={setQty}
                />
                <Select<number | null>
                  className="detail-store"
                  aria-label={t('catalog.store')}
                  value={storeId}
                  onChange={setStoreId}
                  options={[
                    { value: null, label: t('detail.anyStore') },
                    ...product.stores.map((s) => ({
                      value: s.store_id,
                      label: `${s.store_name} (${s.available_stock})`,
                    })),
                  ]}
                />
                <Button
                  type="primary"
                  icon={<ShoppingCartOutlined />}
                  loading={adding}
                  onClick={() => void onAdd()}
                >
                  {t('catalog.addToCart')}
                </Button>
              </Space>
            )}
            {product.equivalents.length > 0 && (
              <div className="detail-equivalents">
                <p className="equivalents-lead">{t('supersession.outOfStock')}</p>
                <EquivalentList items={product.equivalents} />
              </div>
            )}
          </Card>
        </Col>
      </Row>

      <Card title={t('detail.params')} className="detail-card">
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          {product.pro_params.map((p) => (
            <Descriptions.Item key={p.name} label={p.name}>
              {p.value}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('detail.extendParam')}>
            {product.extend_param || dash}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.weight')}>
            {product.weight === null ? dash : `${trimDecimal(product.weight)} kg`}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.volumn')}>
            {product.volumn === null ? dash : `${trimDecimal(product.volumn)} m³`}
          </Descriptions.Item>
          <Descriptions.Item label={t('catalog.unit')}>{product.unit}</Descriptions.Item>
          <Descriptions.Item label={t('detail.noteModel')}>{product.note_model || dash}</Descriptions.Item>
          <Descriptions.Item label={t('detail.ypModel')}>{product.yp_model || dash}</Descriptions.Item>
          <Descriptions.Item label={t('detail.ypAaiaModel')}>
            {product.yp_aaia_model || dash}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.remark')}>{product.remark || dash}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title={t('detail.applicableModels')} className="detail-card">
        <Table
          className="applicable-table"
          size="small"
          rowKey={(row) => `${row.name}|${row.engine}|${row.year}`}
          pagination={false}
          scroll={{ x: 600 }}
          dataSource={product.applicable_models}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('detail.modelName') },
            { key: 'engine', dataIndex: 'engine', title: t('detail.vehicle.m3_engine') },
            { key: 'year', dataIndex: 'year', title: t('detail.vehicle.m3_year') },
          ]}
        />
      </Card>

      <Card title={t('detail.vehicles')} className="detail-card">
        <Table<Vehicle>
          className="vehicle-table"
          size="small"
          rowKey={(row) => `${row.m1_name}|${row.m2_name}|${row.m3_name}|${row.m3_year}|${row.m3_engine}`}
          pagination={false}
          scroll={{ x: 1600 }}
          dataSource={product.vehicles}
          columns={vehicleColumns}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('catalog.crossNumbers')} className="detail-card">
            <Table<CrossNumber>
              className="cross-table"
              size="small"
              rowKey={(row) => `${row.kind}|${row.brand}|${row.number}`}
              pagination={false}
              dataSource={product.contrastNumber}
              columns={crossColumns}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('detail.stockPerStore')} className="detail-card">
            <StoreStockTable stores={product.stores} />
          </Card>
          <Card title={t('detail.attachments')} className="detail-card">
            {product.files.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noAttachments')} />
            ) : (
              <ul className="attachment-list">
                {product.files.map((file) => (
                  <li key={file.path}>
                    <a href={downloadUrl(file.path)} download>
                      <PaperClipOutlined /> {file.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </section>
  );
}

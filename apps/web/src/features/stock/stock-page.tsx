import { useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Empty,
  Input,
  Modal,
  Progress,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
} from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { catalogEndpoints } from '@partsportal/contract/catalog';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import { useEndpointQuery } from '@shared/api/server-state';
import { useColumnChoice } from '@shared/columns/column-chooser';
import { ProductCards } from '@shared/catalog/product-cards';
import { useCartPicker } from '@shared/catalog/use-cart-picker';
import { PHONE_QUERY, useMediaQuery } from '@shared/hooks/use-media-query';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useHasAnyCode } from '@shared/permission/use-has-code';
import { selectAllTitle } from '@shared/ui/table-a11y';
import { exportStockList } from './stock-export';
import {
  parseStockQuery,
  STOCK_PAGE_SIZES,
  toStockQuery,
  toStockRequest,
  type StockFilters,
} from './stock-query';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFeedback } from '@shared/ui/feedback';

const PATH = '/stockProduct/index';

type StockRow = z.output<typeof catalogEndpoints.getStockProductList.data>['list'][number];

export default function StockPage() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const { message } = useFeedback();
  const canBuy = useHasAnyCode([MENU_CODES.cart]);
  const canOpenDetail = useHasAnyCode([MENU_CODES.catalog]);
  const [params, setParams] = useRouteSearchParams(PATH);
  const filters = useMemo(() => parseStockQuery(params), [params]);
  const update = (patch: Partial<StockFilters>) => setParams(toStockQuery({ ...filters, page: 1, ...patch }));

  const [keywordInput, setKeywordInput] = useState(filters.keyword);
  const [urlKeyword, setUrlKeyword] = useState(filters.keyword);
  if (urlKeyword !== filters.keyword) {
    setUrlKeyword(filters.keyword);
    setKeywordInput(filters.keyword);
  }

  const list = useEndpointQuery(catalogEndpoints.getStockProductList, toStockRequest(filters));
  const options = useEndpointQuery(catalogEndpoints.getCatalogFilters, {});
  const stores = useMemo(() => options.data?.stores ?? [], [options.data]);

  const phone = useMediaQuery(PHONE_QUERY);
  const picker = useCartPicker<StockRow>();

  // Export: a modal with a progress bar while the pages arrive; closing it cancels.
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const cancelled = useRef(false);
  const onExport = async () => {
    cancelled.current = false;
    setExporting({ done: 0, total: list.data?.total ?? 0 });
    try {
      const count = await exportStockList({
        filters,
        stores,
        columns: {
          number: t('catalog.number'),
          partName: t('catalog.partName'),
          brand: t('catalog.factory'),
          unit: t('catalog.unit'),
          totalStock: t('stock.totalStock'),
          available: t('catalog.availableStock'),
          price: t('catalog.price'),
          currency: t('stock.currency'),
        },
        fileName: `inventory-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
        onProgress: (done, total) => setExporting({ done, total }),
        isCancelled: () => cancelled.current,
      });
      if (count !== null) void message.success(t('stock.exported', { count }));
    } catch {
      // A failed page was toasted by the API client.
    } finally {
      setExporting(null);
    }
  };

  const numberOf = (row: StockRow) =>
    canOpenDetail ? (
      <Link to={`/product/detail?id=${row.id}`} className="product-number">
        {row.number}
      </Link>
    ) : (
      <span className="product-number">{row.number}</span>
    );

  const allColumns: TableColumnsType<StockRow> = [
    { key: 'number', title: t('catalog.number'), width: 128, render: (_, row) => numberOf(row) },
    { key: 'factory', dataIndex: 'factory', title: t('catalog.factory'), width: 96 },
    { key: 'part_name', dataIndex: 'part_name', title: t('catalog.partName'), width: 130 },
    { key: 'unit', dataIndex: 'unit', title: t('catalog.unit'), width: 64 },
    ...stores.map((store) => ({
      key: `store-${store.id}`,
      title: store.name,
      width: 100,
      align: 'right' as const,
      render: (_: unknown, row: StockRow) => {
        const stock = row.stores.find((s) => s.store_id === store.id);
        if (!stock) return <span className="muted">0</span>;
        return (
          <span title={t('stock.stockOfAvailable')}>
            {stock.stock}
            {stock.available_stock !== stock.stock && (
              <span className="muted"> / {stock.available_stock}</span>
            )}
          </span>
        );
      },
    })),
    {
      key: 'total',
      title: t('catalog.stockAvailable'),
      width: 100,
      align: 'right',
      render: (_, row) => <strong>{`${row.stock} / ${row.available_stock}`}</strong>,
    },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 112,
      align: 'right',
      render: (_, row) => <span className="product-price">{money(row.price, row.currency)}</span>,
    },
    ...(canBuy
      ? [
          { ...picker.qtyColumn, width: 100 },
          { ...picker.addColumn, width: 56 },
        ]
      : []),
  ];
  const choosable = useMemo(
    () => [
      { key: 'number', title: t('catalog.number') },
      { key: 'factory', title: t('catalog.factory') },
      { key: 'part_name', title: t('catalog.partName') },
      { key: 'unit', title: t('catalog.unit') },
      ...stores.map((store) => ({ key: `store-${store.id}`, title: store.name })),
      { key: 'total', title: t('catalog.stockAvailable') },
      { key: 'price', title: t('catalog.price') },
      ...(canBuy
        ? [
            { key: 'qty', title: t('catalog.quantity') },
            { key: 'add', title: t('columns.add') },
          ]
        : []),
    ],
    [t, stores, canBuy],
  );
  // The stock list is about stock: every store is a default column (each store's figures are
  // what the page adds over the catalogue).
  const defaults = useMemo(() => choosable.map((c) => c.key).filter((key) => key !== 'unit'), [choosable]);
  const columnChoice = useColumnChoice({
    table: 'stock',
    columns: choosable,
    defaults,
    required: ['number'],
  });
  const columns = allColumns.filter((c) => columnChoice.visible.has(String(c.key)));
  const tableWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 100), canBuy ? 32 : 0);

  const data = list.data;
  const percent = exporting && exporting.total > 0 ? Math.round((exporting.done / exporting.total) * 100) : 0;

  return (
    <section className="page stock-page" aria-labelledby="stock-title">
      <h1 id="stock-title" className="page-title">
        {t('route.stockCatalog')}
      </h1>
      <div className="filter-bar">
        <Input.Search
          className="stock-search"
          aria-label={t('stock.searchLabel')}
          placeholder={t('stock.searchPlaceholder')}
          allowClear
          enterButton
          maxLength={200}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => {
            setKeywordInput(value);
            update({ keyword: value });
          }}
        />
        <Select<number>
          className="filter-store"
          allowClear
          aria-label={t('catalog.store')}
          placeholder={t('catalog.store')}
          value={filters.storeId}
          options={stores.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(storeId) => update({ storeId })}
        />
        <Select<number>
          className="filter-brand"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('catalog.brand')}
          placeholder={t('catalog.brand')}
          value={filters.brandId}
          options={options.data?.brands.map((b) => ({ value: b.id, label: b.name })) ?? []}
          onChange={(brandId) => update({ brandId })}
        />
        <Checkbox checked={filters.inStock} onChange={(e) => update({ inStock: e.target.checked })}>
          {t('catalog.inStockOnly')}
        </Checkbox>
      </div>
      <div className="table-toolbar">
        {canBuy && picker.addButton}
        <Button
          icon={<FileExcelOutlined />}
          className="export-xlsx"
          disabled={!data || data.total === 0 || exporting !== null}
          onClick={() => void onExport()}
        >
          {t('stock.export')}
        </Button>
        {data && <span className="muted total-line">{t('catalog.total', { count: data.total })}</span>}
        {!phone && <span className="toolbar-end">{columnChoice.chooser}</span>}
      </div>
      {phone ? (
        <ProductCards<StockRow>
          rows={data?.list ?? []}
          loading={list.isFetching}
          emptyText={t('catalog.empty')}
          numberOf={numberOf}
          picker={canBuy ? picker : undefined}
          pager={
            data && {
              current: filters.page,
              pageSize: filters.pageSize,
              total: data.total,
              onChange: (page) => update({ page }),
            }
          }
        />
      ) : !data && list.isFetching ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Table<StockRow>
          className="stock-table"
          rowKey="id"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={data?.list ?? []}
          scroll={{ x: tableWidth }}
          rowSelection={
            canBuy
              ? {
                  fixed: true,
                  columnTitle: selectAllTitle(t('common.selectAll')),
                  preserveSelectedRowKeys: true,
                  selectedRowKeys: [...picker.selected.keys()],
                  onChange: picker.onSelect,
                }
              : undefined
          }
          locale={{ emptyText: <Empty description={t('catalog.empty')} /> }}
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: STOCK_PAGE_SIZES.map(String),
            showTotal: (total) => t('catalog.total', { count: total }),
            onChange: (page, pageSize) =>
              update({ page: pageSize === filters.pageSize ? page : 1, pageSize }),
          }}
        />
      )}
      {canBuy && picker.stickyBar}
      <Modal
        open={exporting !== null}
        title={t('stock.exporting')}
        footer={null}
        maskClosable={false}
        onCancel={() => {
          cancelled.current = true;
          setExporting(null);
        }}
      >
        <Progress percent={percent} status="active" />
        <p className="muted">
          {t('stock.exportProgress', { done: exporting?.done ?? 0, total: exporting?.total ?? 0 })}
        </p>
      </Modal>
    </section>
  );
}

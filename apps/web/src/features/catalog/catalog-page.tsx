import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Cascader,
  Checkbox,
  Empty,
  Input,
  Select,
  Skeleton,
  Space,
  Spin,
  Table,
  Tag,
  type CascaderProps,
  type TableColumnsType,
} from 'antd';
import { CarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import { catalogEndpoints, PRODUCT_SORTS, type CatalogRow } from '@partsportal/contract/catalog';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import { callEndpoint } from '@shared/api/client';
import { useColumnChoice } from '@shared/columns/column-chooser';
import { ProductCards } from '@shared/catalog/product-cards';
import { QuickOrder } from '@shared/catalog/quick-order';
import { useCartPicker } from '@shared/catalog/use-cart-picker';
import { PHONE_QUERY, useMediaQuery } from '@shared/hooks/use-media-query';
import { useDebouncedValue } from '@shared/hooks/use-debounced-value';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useHasAnyCode } from '@shared/permission/use-has-code';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { useFormatMoney } from '@shared/format/use-format-money';
import { hiddenColumnTitle, selectAllTitle } from '@shared/ui/table-a11y';
import { prefetchEndpoint, useEndpointQuery } from '@shared/api/server-state';
import {
  fromVehiclePath,
  PAGE_SIZES,
  parseCatalogQuery,
  reachablePage,
  toCatalogQuery,
  toProductListRequest,
  totalLabel,
  vehiclePath,
  type CatalogFilters,
  type ProductSort,
} from './catalog-query';
import { Thumbnail } from '@shared/catalog/product-thumbnail';
import { EquivalentsOffer, ReplacedByTag, ReplacesTag } from '@shared/catalog/equivalents';
import { CrossNumbers, EllipsisText, MatchTag, StoreStockTable } from './product-cells';
import { useTypedPrefixRows } from './typed-prefix';

const PATH = '/product/index';
/** What a buyer came for (issue 17 item 2); the rest is a click away in the column chooser. */
const DEFAULT_COLUMNS = ['number', 'factory', 'part_name', 'price', 'available', 'qty', 'add'];
const SEARCH_DEBOUNCE_MS = 90;

interface VehicleOption {
  value: string | number;
  label: string;
  isLeaf: boolean;
  children?: VehicleOption[];
}

/** Clicks on these inside a row do their own thing instead of opening the detail page. */
const INTERACTIVE =
  'a, button, input, label, .ant-input-number, .ant-checkbox-wrapper, .ant-table-row-expand-icon, .ant-tag, .ant-table-selection-column';

export default function CatalogPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canBuy = useHasAnyCode([MENU_CODES.cart]);
  const canFreight = useHasAnyCode([MENU_CODES.freight]);
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();

  const [params, setParams] = useRouteSearchParams(PATH);
  const filters = useMemo(() => parseCatalogQuery(params), [params]);
  const update = (patch: Partial<CatalogFilters>, replace = false) =>
    setParams(toCatalogQuery({ ...filters, page: 1, ...patch }), { replace });

  // Search as you type: the box is local state; the URL follows after a pause or on Enter.
  const [keywordInput, setKeywordInput] = useState(filters.keyword);
  const debouncedKeyword = useDebouncedValue(keywordInput, SEARCH_DEBOUNCE_MS);
  const [urlKeyword, setUrlKeyword] = useState(filters.keyword);
  if (urlKeyword !== filters.keyword) {
    // Back/forward or a shared link changed the keyword: show it, unless it is our own push.
    setUrlKeyword(filters.keyword);
    if (filters.keyword !== debouncedKeyword) setKeywordInput(filters.keyword);
  }
  useEffect(() => {
    if (debouncedKeyword !== filters.keyword) {
      setParams(toCatalogQuery({ ...filters, keyword: debouncedKeyword, page: 1 }), { replace: true });
    }
    // Only a new debounced keyword pushes; filter changes carry the keyword themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedKeyword]);

  const request = useMemo(() => toProductListRequest(filters), [filters]);
  const list = useEndpointQuery(catalogEndpoints.getProductList, request);
  // The next page is asked for while the buyer reads this one (issue 18 item 4): paging on is
  // then an answer from the cache. Not on the placeholder (the previous keyword's answer).
  const nextPageExists =
    list.data !== undefined && !list.isPlaceholderData && filters.page * filters.pageSize < list.data.total;
  useEffect(() => {
    if (nextPageExists)
      prefetchEndpoint(catalogEndpoints.getProductList, { ...request, page: filters.page + 1 });
  }, [nextPageExists, request, filters.page]);
  // What is typed so far, narrowed from the answer for its beginning, until the whole text's
  // answer comes (typed-prefix.ts).
  const typedRows = useTypedPrefixRows(
    keywordInput,
    request,
    list.data !== undefined && !list.isPlaceholderData,
  );
  const options = useEndpointQuery(catalogEndpoints.getCatalogFilters, {});

  const [vehicleOptions, setVehicleOptions] = useState<VehicleOption[]>([]);
  const makesLoaded = useRef(false);
  useEffect(() => {
    if (makesLoaded.current) return; // shown again from a hidden tab
    makesLoaded.current = true;
    callEndpoint(catalogEndpoints.getVehicleTree, {}).then(
      (makes) => setVehicleOptions(makes.map((o) => ({ value: o.value, label: o.label, isLeaf: o.isLeaf }))),
      () => undefined,
    );
  }, []);
  const loadVehicleLevel: CascaderProps<VehicleOption>['loadData'] = (selected) => {
    const target = selected.at(-1);
    if (!target) return;
    const [make, model, year] = selected.map((o) => o.value);
    void callEndpoint(catalogEndpoints.getVehicleTree, {
      make: String(make),
      ...(model !== undefined ? { model: String(model) } : {}),
      ...(year !== undefined ? { year: Number(year) } : {}),
    }).then(
      (children) => {
        target.children = children.map((o) => ({ value: o.value, label: o.label, isLeaf: o.isLeaf }));
        setVehicleOptions((current) => [...current]);
      },
      () => undefined,
    );
  };

  const phone = useMediaQuery(PHONE_QUERY);
  const picker = useCartPicker<CatalogRow>();
  const { selected } = picker;

  const openDetail = (row: CatalogRow) => void navigate(`/product/detail?id=${row.id}`);
  const onRowClick = (row: CatalogRow) => (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    openDetail(row);
  };

  // Memoized with the table below: typing in the search box re-renders the page on every key,
  // and rebuilding 20 rows × 15 antd cells each time made typing and Enter → results slower.
  // The order is the reading order of a buyer: number, brand, name, price, available, quantity, add.
  const allColumns = useMemo<TableColumnsType<CatalogRow>>(
    () => [
      {
        key: 'pic',
        title: t('catalog.picture'),
        width: 72,
        render: (_, row) => <Thumbnail row={row} />,
      },
      {
        key: 'number',
        title: t('catalog.number'),
        width: 190,
        render: (_, row) => (
          <div className="number-cell">
            <Link
              to={`/product/detail?id=${row.id}`}
              onMouseEnter={() => prefetchEndpoint(catalogEndpoints.getProductDetail, {}, { id: row.id })}
              className="product-number"
            >
              {row.number}
            </Link>
            <MatchTag match={row.match} />
            <SupersessionMarks row={row} />
          </div>
        ),
      },
      { key: 'factory', dataIndex: 'factory', title: t('catalog.factory'), width: 110 },
      {
        key: 'part_name',
        title: t('catalog.partName'),
        width: 200,
        render: (_, row) => (
          <span className="part-name">
            {row.part_name}
            {/* antd's green (#52c41a) under white text is 2.3:1; green-8 is 5.6:1 (WCAG AA). */}
            {row.is_new && <Badge className="new-badge" count={t('catalog.new')} color="#237804" />}
          </span>
        ),
      },
      {
        key: 'my_number',
        dataIndex: 'my_number',
        title: t('catalog.myNumber'),
        width: 120,
        render: (value: string) => value || <span className="muted">—</span>,
      },
      {
        key: 'oe',
        title: t('catalog.crossNumbers'),
        width: 220,
        render: (_, row) => <CrossNumbers numbers={row.contrastNumber} />,
      },
      {
        key: 'vehicles',
        title: t('catalog.vehicles'),
        width: 170,
        render: (_, row) => (
          <div className="vehicle-cell">
            <EllipsisText text={row.make_names} width={160} />
            <EllipsisText text={row.model_displays} width={160} />
          </div>
        ),
      },
      { key: 'unit', dataIndex: 'unit', title: t('catalog.unit'), width: 64 },
      {
        key: 'price',
        title: t('catalog.price'),
        width: 130,
        align: 'right',
        render: (_, row) => <strong className="product-price">{money(row.price, row.currency)}</strong>,
      },
      {
        key: 'available',
        dataIndex: 'available_stock',
        title: t('catalog.availableStock'),
        width: 96,
        align: 'right',
      },
      { key: 'stock', dataIndex: 'stock', title: t('catalog.stock'), width: 90, align: 'right' },
      {
        key: 'last',
        title: t('catalog.lastPurchase'),
        width: 160,
        align: 'right',
        render: (_, row) =>
          row.last_price === null ? (
            <span className="muted">—</span>
          ) : (
            `${money(row.last_price, row.currency)} × ${row.last_qty ?? 0}`
          ),
      },
      {
        key: 'buy_qty',
        dataIndex: 'buy_qty',
        title: t('catalog.buyQty'),
        width: 100,
        align: 'right',
        render: (value: number) => value || <span className="muted">—</span>,
      },
      { key: 'salecount', dataIndex: 'salecount', title: t('catalog.salecount'), width: 100, align: 'right' },
      {
        key: 'market_time',
        title: t('catalog.marketTime'),
        width: 130,
        render: (_, row) => (row.market_time ? formatDate(row.market_time) : '—'),
      },
      ...(canBuy ? [picker.qtyColumn, picker.addColumn] : []),
    ],
    [t, canBuy, formatDate, money, picker.qtyColumn, picker.addColumn],
  );
  const choosable = useMemo(
    () => allColumns.map((c) => ({ key: String(c.key), title: String(c.title) })),
    [allColumns],
  );
  const columnChoice = useColumnChoice({
    table: 'catalog',
    columns: choosable,
    defaults: DEFAULT_COLUMNS,
    required: ['number'],
  });
  const columns = useMemo(
    () => allColumns.filter((c) => columnChoice.visible.has(String(c.key))),
    [allColumns, columnChoice.visible],
  );
  // Selection (32) and expand (48) columns plus the chosen ones: a sideways scroll only when
  // the user chose more than the page is wide.
  const tableWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 100), 80);

  const answer = typedRows ?? list.data;
  // A searched number that was replaced: its successors come first (decision 023).
  const data = useMemo(() => {
    if (!answer?.replacements?.length) return answer;
    const first = new Set(answer.replacements.map((row) => row.id));
    const rest = answer.list.filter((row) => !first.has(row.id));
    return {
      ...answer,
      list: [...answer.replacements, ...rest],
      // The successors are not in the search's total; those the page did not list add to it.
      total: answer.total + first.size - (answer.list.length - rest.length),
    };
  }, [answer]);
  // The rows of what is typed are results already: shown as such, not under the spinner.
  const loading = list.isFetching && !typedRows;
  // A page past the results (an old link; a broad search reaches only its first candidates)
  // would show an empty table: show the last page with rows instead.
  useEffect(() => {
    if (loading || !data || data.list.length > 0) return;
    const page = reachablePage(filters.page, filters.pageSize, data.total);
    if (page !== undefined) setParams(toCatalogQuery({ ...filters, page }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when an answer settles
  }, [data, loading]);
  const initialLoad = !data && loading;
  const table = useMemo(
    () =>
      initialLoad ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Table<CatalogRow>
          className="catalog-table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.list ?? []}
          scroll={{ x: tableWidth }}
          tableLayout="fixed"
          rowSelection={
            canBuy || canFreight
              ? {
                  fixed: true,
                  columnTitle: selectAllTitle(t('common.selectAll')),
                  preserveSelectedRowKeys: true,
                  selectedRowKeys: [...selected.keys()],
                  onChange: picker.onSelect,
                }
              : undefined
          }
          expandable={{
            columnTitle: hiddenColumnTitle(t('common.rowDetails')),
            expandedRowRender: (row) => <StoreStockTable stores={row.stores} />,
            rowExpandable: (row) => row.stores.length > 0,
          }}
          onRow={(row) => ({ onClick: onRowClick(row), className: 'clickable-row' })}
          locale={{
            emptyText: (
              <Empty
                description={
                  filters.keyword ? t('catalog.noResults', { keyword: filters.keyword }) : t('catalog.empty')
                }
              />
            ),
          }}
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => totalLabel(t, total, data?.total_is_lower_bound),
            onChange: (page, pageSize) =>
              update({ page: pageSize === filters.pageSize ? page : 1, pageSize }),
          }}
        />
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the listed state
    [data, initialLoad, columns, tableWidth, selected, canBuy, canFreight, filters, t],
  );

  // The filters beside the search box, memoized: each key typed in the box re-renders the page,
  // and redrawing five Selects, the Cascader and the checkboxes cost a phone (CPU 4×) 100+ ms a key.
  const otherFilters = useMemo(
    () => {
      const sortOptions = PRODUCT_SORTS.map((value) => ({ value, label: t(`catalog.sort.${value}`) }));
      return (
        <>
          <Select
            className="filter-brand"
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            aria-label={t('catalog.brand')}
            placeholder={t('catalog.brand')}
            optionFilterProp="label"
            value={filters.brandIds}
            options={options.data?.brands.map((b) => ({ value: b.id, label: b.name })) ?? []}
            onChange={(brandIds: number[]) => update({ brandIds })}
          />
          <Select
            className="filter-type"
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            aria-label={t('catalog.partType')}
            placeholder={t('catalog.partType')}
            optionFilterProp="label"
            value={filters.partTypeIds}
            options={options.data?.partTypes.map((p) => ({ value: p.id, label: p.name })) ?? []}
            onChange={(partTypeIds: number[]) => update({ partTypeIds })}
          />
          <Cascader<VehicleOption>
            className="filter-vehicle"
            aria-label={t('catalog.vehicle')}
            placeholder={t('catalog.vehicle')}
            options={vehicleOptions}
            loadData={loadVehicleLevel}
            changeOnSelect
            value={vehiclePath(filters)}
            onChange={(path) => update(fromVehiclePath(path as (string | number)[] | undefined))}
          />
          <Checkbox checked={filters.isNew} onChange={(e) => update({ isNew: e.target.checked })}>
            {t('catalog.newOnly')}
          </Checkbox>
          <Checkbox checked={filters.inStock} onChange={(e) => update({ inStock: e.target.checked })}>
            {t('catalog.inStockOnly')}
          </Checkbox>
          <Space.Compact>
            <Select<ProductSort>
              className="filter-sort"
              aria-label={t('catalog.sortBy')}
              value={filters.sort}
              options={sortOptions}
              onChange={(sort) => update({ sort })}
            />
            <Select<'asc' | 'desc'>
              className="filter-order"
              aria-label={t('catalog.order')}
              value={filters.order}
              options={[
                { value: 'asc', label: t('catalog.asc') },
                { value: 'desc', label: t('catalog.desc') },
              ]}
              onChange={(order) => update({ order })}
            />
          </Space.Compact>
        </>
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update and loadVehicleLevel read the listed state
    [filters, options.data, vehicleOptions, t],
  );
  // The phone's cards, memoized as the table is (each key typed re-renders the page).
  const cards = useMemo(
    () => (
      <ProductCards<CatalogRow>
        rows={data?.list ?? []}
        loading={loading}
        emptyText={
          filters.keyword ? t('catalog.noResults', { keyword: filters.keyword }) : t('catalog.empty')
        }
        numberOf={(row) => (
          <>
            <Link to={`/product/detail?id=${row.id}`} className="product-number">
              {row.number}
            </Link>
            <SupersessionMarks row={row} />
          </>
        )}
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
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the picker's inputs change with its columns
    [data, loading, filters, canBuy, selected, picker.qtyColumn, picker.addColumn, t],
  );
  const quickOrder = useMemo(() => canBuy && <QuickOrder />, [canBuy]);

  return (
    <section className="page catalog-page" aria-labelledby="catalog-title">
      <h1 id="catalog-title" className="page-title">
        {t('route.catalog')}
      </h1>
      <div className="filter-bar">
        <Input.Search
          className="catalog-search"
          aria-label={t('catalog.searchLabel')}
          placeholder={t('catalog.searchPlaceholder')}
          allowClear
          enterButton
          value={keywordInput}
          maxLength={200}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => {
            setKeywordInput(value);
            setParams(toCatalogQuery({ ...filters, keyword: value, page: 1 }));
            // A repeated Enter on the same words still asks the server again (fresh stock).
            if (value === filters.keyword) void list.refetch();
          }}
        />
        {otherFilters}
      </div>

      {quickOrder}

      <div className="table-toolbar">
        {canBuy && picker.addButton}
        {canFreight && selected.size > 0 && (
          <Button
            icon={<CarOutlined />}
            onClick={() => void navigate(`/proCFreight/index?ids=${[...selected.keys()].join(',')}`)}
          >
            {t('catalog.freight')}
          </Button>
        )}
        {data && (
          <span className="muted total-line">{totalLabel(t, data.total, data.total_is_lower_bound)}</span>
        )}
        {data?.total_is_lower_bound && !typedRows && (
          <span className="muted narrow-hint">{t('catalog.narrowHint', { count: data.total })}</span>
        )}
        {!phone && <span className="toolbar-end">{columnChoice.chooser}</span>}
      </div>

      {answer?.replacements?.map((row) => (
        <Alert
          key={row.id}
          className="replaced-alert"
          type="info"
          showIcon
          title={t('supersession.searchReplaced', {
            old: `${row.replaces?.factory ?? ''} ${row.replaces?.number ?? ''}`.trim(),
            number: `${row.factory} ${row.number}`,
          })}
        />
      ))}
      {/* The spinner wraps the memoized table instead of being its `loading` prop: Enter in
          the search box then does not re-render 20 rows before the request even starts. */}
      {phone ? cards : <Spin spinning={loading && !initialLoad}>{table}</Spin>}
      {filters.keyword && data && data.list.length > 0 && data.list[0]?.match.kind === 'similar' && (
        <Tag className="similar-hint">{t('catalog.similarHint')}</Tag>
      )}
      {canBuy && picker.stickyBar}
    </section>
  );
}

/** "Replaces X" / "replaced by X" and, out of stock, the equivalents in stock (decision 023). */
function SupersessionMarks({ row }: { row: CatalogRow }) {
  return (
    <>
      <ReplacesTag replaces={row.replaces} />
      <ReplacedByTag replacedBy={row.replaced_by} />
      {row.available_stock <= 0 && <EquivalentsOffer items={row.equivalents} />}
    </>
  );
}

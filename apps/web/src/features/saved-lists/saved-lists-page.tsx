import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, ShoppingCartOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  savedListEndpoints,
  type SavedListLine,
  type SavedListSummary,
} from '@partsportal/contract/saved-lists';
import { cartChanged } from '@shared/api/cart-api';
import { callEndpoint } from '@shared/api/client';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFeedback } from '@shared/ui/feedback';
import { onDemand, useOnDemandShown } from '@shared/ui/on-demand';
import './saved-lists.css';

// antd's Form and Modal come with the first rename, not with the page.
const ListNameDialog = onDemand(() => import('@shared/saved-lists/list-name-dialog'));

const LISTS = [savedListEndpoints.getSavedLists, savedListEndpoints.getSavedList];

/** The lines of one list, at today's price and stock (asked for when opened). */
function ListLines({ id }: { id: number }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const detail = useEndpointQuery(savedListEndpoints.getSavedList, {}, { params: { id } });
  if (!detail.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const currency = detail.data.currency;
  const columns: TableColumnsType<SavedListLine> = [
    {
      key: 'number',
      title: t('catalog.number'),
      render: (_, line) => (
        <div className="number-cell">
          <span className="product-number">{line.number}</span> <span className="muted">{line.factory}</span>
          {!line.is_active && (
            <Tag color="red" className="saved-line-inactive">
              {t('savedLists.inactive')}
            </Tag>
          )}
        </div>
      ),
    },
    { key: 'name', dataIndex: 'part_name', title: t('catalog.partName'), responsive: ['md'] },
    {
      key: 'store',
      title: t('savedLists.store'),
      responsive: ['lg'],
      render: (_, line) => line.store_name || t('savedLists.anyStore'),
    },
    { key: 'qty', dataIndex: 'qty', title: t('recordList.qty'), align: 'right', width: 72 },
    {
      key: 'price',
      title: t('catalog.price'),
      align: 'right',
      responsive: ['sm'],
      render: (_, line) => money(line.price, currency),
    },
    {
      key: 'stock',
      title: t('catalog.availableStock'),
      align: 'right',
      width: 88,
      render: (_, line) => (
        <span className={line.available_stock < line.qty ? 'over-stock' : undefined}>
          {line.available_stock}
        </span>
      ),
    },
  ];
  return (
    <Table<SavedListLine>
      className="saved-list-lines"
      rowKey="seq"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={detail.data.lines}
    />
  );
}

/**
 * Saved part lists (issue 17 #15): the company's named lists; each goes into the cart in one
 * go (the cart then shows stock and order-multiple messages as for any line), or is renamed or
 * deleted. Saving happens on the cart ("Save as list").
 */
export default function SavedListsPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const formatDate = useFormatDate();
  const lists = useEndpointQuery(savedListEndpoints.getSavedLists, {});
  const [openId, setOpenId] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<SavedListSummary | null>(null);
  const renameShown = useOnDemandShown(ListNameDialog, renaming !== null, () => setRenaming(null));
  const [busy, setBusy] = useState<number | null>(null);

  const addToCart = async (list: SavedListSummary) => {
    setBusy(list.id);
    try {
      const answer = await callEndpoint(
        savedListEndpoints.addSavedListToCart,
        {},
        { params: { id: list.id } },
      );
      cartChanged(answer.carts);
      const added = t('savedLists.added', { count: answer.added });
      // Plain text: toasts render outside the router (no <Link>); the cart is one click away in the header.
      const content =
        answer.unavailable.length === 0
          ? added
          : `${added} ${t('orders.unavailable', {
              list: answer.unavailable
                .map((u) => `${u.number} (${t(`orders.reason.${u.reason}`)})`)
                .join(', '),
            })}`;
      if (answer.unavailable.length === 0) void message.success({ content });
      else void message.warning({ content, duration: 8 });
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(null);
    }
  };

  const rename = async (name: string) => {
    if (!renaming) return false;
    try {
      const renamed = await mutateEndpoint(
        savedListEndpoints.renameSavedList,
        { id: renaming.id, name },
        { invalidates: LISTS },
      );
      void message.success(t('savedLists.renamed', { name: renamed.name }));
      return true;
    } catch {
      return false;
    }
  };

  const remove = async (list: SavedListSummary) => {
    try {
      await mutateEndpoint(savedListEndpoints.deleteSavedList, { id: list.id }, { invalidates: LISTS });
      void message.success(t('savedLists.deleted'));
    } catch {
      // Toasted.
    }
  };

  return (
    <section className="page saved-lists-page" aria-labelledby="saved-lists-title">
      <h1 id="saved-lists-title" className="page-title">
        {t('route.savedLists')}
      </h1>
      {!lists.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : lists.data.list.length === 0 ? (
        <Empty description={t('savedLists.empty')}>
          <Link to="/cart/index">{t('savedLists.toCart')}</Link>
        </Empty>
      ) : (
        <ul className="saved-lists">
          {lists.data.list.map((list) => (
            <li key={list.id}>
              <Card
                size="small"
                className="saved-list-card"
                title={<span className="saved-list-name">{list.name}</span>}
                extra={<span className="muted">{formatDate(list.updated_at)}</span>}
              >
                <div className="saved-list-row">
                  <span className="saved-list-figures">
                    {t('savedLists.lineCount')}: <strong>{list.line_count}</strong> ·{' '}
                    {t('savedLists.totalQty')}: <strong>{list.total_qty}</strong>
                  </span>
                  <Space wrap size={8} className="saved-list-actions">
                    <Button
                      type="primary"
                      icon={<ShoppingCartOutlined />}
                      className="saved-list-add"
                      loading={busy === list.id}
                      onClick={() => void addToCart(list)}
                    >
                      {t('savedLists.addToCart')}
                    </Button>
                    <Button
                      icon={<UnorderedListOutlined />}
                      className="saved-list-toggle"
                      aria-expanded={openId === list.id}
                      onClick={() => setOpenId(openId === list.id ? null : list.id)}
                    >
                      {t('savedLists.lineCount')}
                    </Button>
                    <Button
                      icon={<EditOutlined />}
                      className="saved-list-rename"
                      aria-label={`${t('savedLists.rename')} ${list.name}`}
                      onClick={() => setRenaming(list)}
                    >
                      {t('savedLists.rename')}
                    </Button>
                    <Popconfirm
                      title={t('savedLists.deleteConfirm', { name: list.name })}
                      okText={t('common.confirm')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => remove(list)}
                    >
                      <Button
                        danger
                        icon={<DeleteOutlined />}
                        className="saved-list-delete"
                        aria-label={`${t('savedLists.delete')} ${list.name}`}
                      >
                        {t('savedLists.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                </div>
                {openId === list.id && <ListLines id={list.id} />}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {renameShown && (
        <ListNameDialog
          key={renaming?.id ?? 0}
          open={renaming !== null}
          title={t('savedLists.renameTitle')}
          initial={renaming?.name ?? ''}
          onSave={rename}
          onClose={() => setRenaming(null)}
        />
      )}
    </section>
  );
}

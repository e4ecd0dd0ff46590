import { useState } from 'react';
import { PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  NOTICE_STATES,
  noticesDeskEndpoints,
  type NoticeDeskRow,
  type NoticeState,
} from '@partsportal/contract/notices-desk';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { toastSuccess } from '@shared/ui/feedback';
import { NoticeEditorModal } from './notice-editor-modal';

const STATE_COLORS: Record<NoticeState, string> = {
  draft: 'default',
  scheduled: 'blue',
  live: 'green',
  expired: 'orange',
};
const INVALIDATES = [noticesDeskEndpoints.listNotices, noticesDeskEndpoints.getNotice];
const time = (at: number) => dayjs.unix(at).format('YYYY-MM-DD HH:mm');

/** Notices written by staff (issue 15 item 4): state, window, target and read counts. */
export default function NoticesDeskPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<NoticeState | undefined>();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const list = useEndpointQuery(noticesDeskEndpoints.listNotices, {
    keyword,
    ...(state ? { state } : {}),
    ...page,
  });

  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      toastSuccess(done);
    } catch {
      // Toasted by the API client.
    }
  }

  const columns: TableColumnsType<NoticeDeskRow> = [
    {
      title: t('admin.noticesDesk.title'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Button type="link" className="notice-desk-title" onClick={() => setEditing({ id: row.id })}>
          {row.is_pinned && <PushpinFilled aria-label={t('admin.noticesDesk.pinned')} />} {title}
        </Button>
      ),
    },
    {
      title: t('admin.noticesDesk.state'),
      dataIndex: 'state',
      width: 110,
      render: (value: NoticeState) => (
        <Tag color={STATE_COLORS[value]}>{t(`admin.noticesDesk.states.${value}`)}</Tag>
      ),
    },
    {
      title: t('admin.noticesDesk.window'),
      key: 'window',
      responsive: ['md'],
      render: (_, row) => (
        <span className="notice-desk-window">
          {time(row.publish_from)}
          <br />
          {row.publish_until === null ? t('admin.noticesDesk.noEnd') : time(row.publish_until)}
        </span>
      ),
    },
    {
      title: t('admin.noticesDesk.target'),
      key: 'target',
      responsive: ['sm'],
      render: (_, row) =>
        row.target_all
          ? t('admin.noticesDesk.allCompanies')
          : t('admin.noticesDesk.companyCount', { count: row.company_count }),
    },
    {
      title: t('admin.noticesDesk.reads'),
      key: 'reads',
      align: 'right',
      render: (_, row) => (
        <span title={t('admin.noticesDesk.readsHint')}>
          {t('admin.noticesDesk.readCounts', { users: row.read_users, companies: row.read_companies })}
        </span>
      ),
    },
    {
      title: t('admin.noticesDesk.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ id: row.id })}>
            {t('admin.noticesDesk.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() =>
              void act(
                () =>
                  mutateEndpoint(
                    noticesDeskEndpoints.pinNotice,
                    { id: row.id, pinned: !row.is_pinned },
                    { invalidates: INVALIDATES },
                  ),
                t('admin.noticesDesk.saved'),
              )
            }
          >
            {row.is_pinned ? t('admin.noticesDesk.unpin') : t('admin.noticesDesk.pin')}
          </Button>
          {row.state !== 'draft' && (
            <Popconfirm
              title={t('admin.noticesDesk.unpublishConfirm')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                act(
                  () =>
                    mutateEndpoint(
                      noticesDeskEndpoints.unpublishNotice,
                      { id: row.id },
                      { invalidates: INVALIDATES },
                    ),
                  t('admin.noticesDesk.saved'),
                )
              }
            >
              <Button type="link" size="small">
                {t('admin.noticesDesk.unpublish')}
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('admin.noticesDesk.deleteConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              act(
                () =>
                  mutateEndpoint(
                    noticesDeskEndpoints.deleteNotice,
                    { id: row.id },
                    { invalidates: INVALIDATES },
                  ),
                t('admin.noticesDesk.deleted'),
              )
            }
          >
            <Button type="link" size="small" danger>
              {t('admin.noticesDesk.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      className="admin-card notices-desk"
      title={t('admin.route.notices')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('admin.noticesDesk.new')}
        </Button>
      }
    >
      <div className="notices-desk-filters">
        <Input.Search
          allowClear
          placeholder={t('admin.noticesDesk.search')}
          aria-label={t('admin.noticesDesk.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select<NoticeState | 'all'>
          value={state ?? 'all'}
          aria-label={t('admin.noticesDesk.state')}
          onChange={(value) => {
            setState(value === 'all' ? undefined : value);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: 'all', label: t('admin.noticesDesk.allStates') },
            ...NOTICE_STATES.map((value) => ({ value, label: t(`admin.noticesDesk.states.${value}`) })),
          ]}
        />
      </div>
      <Table<NoticeDeskRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 960 }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
      {editing && (
        <NoticeEditorModal
          {...(editing.id === undefined ? {} : { id: editing.id })}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

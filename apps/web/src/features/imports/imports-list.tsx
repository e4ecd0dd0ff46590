import { useMemo } from 'react';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { importEndpoints, type ImportStatus } from '@partsportal/contract/imports';
import { useEndpointQuery } from '@shared/api/server-state';
import { CountTags, StateTag } from './import-parts';

/** Imports of the account, newest first (the server's List: the latest 100). */
export function ImportsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useEndpointQuery(importEndpoints.list, {});
  const open = (id: number) => navigate(`/admin/imports?id=${id}`);

  const columns = useMemo<TableColumnsType<ImportStatus>>(
    () => [
      { title: t('admin.imports.id'), dataIndex: 'import_id', key: 'id', width: 72, responsive: ['sm'] },
      {
        title: t('admin.imports.kind'),
        dataIndex: 'kind',
        key: 'kind',
        responsive: ['sm'],
        render: (kind: string) => t(`admin.imports.kinds.${kind}`),
      },
      {
        title: t('admin.imports.file'),
        dataIndex: 'filename',
        key: 'file',
        render: (name: string, record) => (
          <Button type="link" className="imports-file-link" onClick={() => open(record.import_id)}>
            {name}
          </Button>
        ),
      },
      {
        title: t('admin.imports.state'),
        dataIndex: 'state',
        key: 'state',
        render: (state: ImportStatus['state']) => <StateTag state={state} />,
      },
      {
        title: t('admin.imports.results'),
        key: 'results',
        render: (_, record) => {
          const counts = record.state === 'done' ? record.counts : record.check_counts;
          return counts ? <CountTags counts={counts} /> : '—';
        },
      },
      {
        title: t('admin.imports.who'),
        dataIndex: 'created_by',
        key: 'who',
        responsive: ['sm'],
        render: (who: string | null) => who ?? '—',
      },
      {
        title: t('admin.imports.when'),
        dataIndex: 'created_at',
        key: 'when',
        render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `open` only navigates
    [t],
  );

  return (
    <Card className="admin-card">
      <div className="admin-toolbar">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/admin/imports?new=products')}
        >
          {t('admin.imports.new')}
        </Button>
        <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
          {t('admin.imports.refresh')}
        </Button>
      </div>
      <Table<ImportStatus>
        rowKey="import_id"
        size="middle"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching && !list.data}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t('admin.imports.empty')} /> }}
      />
    </Card>
  );
}

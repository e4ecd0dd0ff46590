import { useState } from 'react';
import { EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { customersEndpoints, type CustomerUser } from '@partsportal/contract/customers';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { menuTitleKey } from './menu-labels';
import { TemporaryPasswordModal } from './temporary-password-modal';
import { UserFormModal } from './user-form-modal';

/** A company's users: their menus as the buyer will see them, switches, reset password. */
export function CompanyUsers({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<CustomerUser | 'new' | null>(null);
  const [password, setPassword] = useState<{ userId: string; password: string } | null>(null);
  const query = useEndpointQuery(customersEndpoints.listUsers, { company_id: companyId, keyword, ...page });

  function reset(user: CustomerUser) {
    Modal.confirm({
      title: t('admin.customers.resetTitle', { user: user.user_id }),
      content: t('admin.customers.resetConfirm'),
      okText: t('admin.customers.resetPassword'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const answer = await mutateEndpoint(
          customersEndpoints.resetUserPassword,
          { id: user.id },
          { invalidates: [customersEndpoints.listUsers] },
        );
        setPassword({ userId: user.user_id, password: answer.temporary_password });
      },
    });
  }

  const columns: ColumnsType<CustomerUser> = [
    { title: t('admin.customers.userId'), dataIndex: 'user_id', width: 130 },
    { title: t('admin.customers.userName'), dataIndex: 'name', width: 140, responsive: ['sm'] },
    {
      title: t('admin.customers.menus'),
      dataIndex: 'menus',
      render: (menus: string[]) => (
        <div className="customers-menu-tags">
          {menus.map((code) => (
            <Tooltip key={code} title={code}>
              <Tag>{t(menuTitleKey(code))}</Tag>
            </Tooltip>
          ))}
        </div>
      ),
    },
    {
      title: t('admin.customers.tags'),
      dataIndex: 'tags',
      responsive: ['lg'],
      render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
    },
    {
      title: t('admin.customers.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (on: boolean, row) => (
        <Space size={4} wrap>
          {on ? <Tag color="green">{t('admin.customers.on')}</Tag> : <Tag>{t('admin.customers.off')}</Tag>}
          {row.must_change_password && <Tag color="orange">{t('admin.customers.temporaryTag')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('admin.customers.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Tooltip title={t('admin.customers.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${t('admin.customers.edit')} ${row.user_id}`}
              onClick={() => setEditing(row)}
            />
          </Tooltip>
          <Tooltip title={t('admin.customers.resetPassword')}>
            <Button
              type="text"
              icon={<KeyOutlined />}
              aria-label={`${t('admin.customers.resetPassword')} ${row.user_id}`}
              onClick={() => reset(row)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="admin-toolbar">
        <Input.Search
          allowClear
          className="customers-search"
          placeholder={t('admin.customers.userSearch')}
          aria-label={t('admin.customers.userSearch')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('admin.customers.newUser')}
        </Button>
      </div>
      <Table<CustomerUser>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
      {editing && (
        <UserFormModal
          companyId={companyId}
          user={editing === 'new' ? undefined : editing}
          onClose={(created) => {
            setEditing(null);
            if (created) setPassword(created);
          }}
        />
      )}
      {password && (
        <TemporaryPasswordModal
          userId={password.userId}
          password={password.password}
          onClose={() => setPassword(null)}
        />
      )}
    </>
  );
}

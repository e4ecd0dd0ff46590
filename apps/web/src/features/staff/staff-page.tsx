import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { auditEndpoints } from '@partsportal/contract/audit';
import { staffEndpoints, type staffMemberSchema } from '@partsportal/contract/staff';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { useStaffSession } from '@shared/stores/staff-session';
import { toastSuccess, useFeedback } from '@shared/ui/feedback';
import { StaffFormModal, type StaffFormValues } from './staff-form-modal';
import { TemporaryPasswordModal } from './temporary-password-modal';

export type StaffMember = z.output<typeof staffMemberSchema>;

/** What a staff write changes: the list, and the audit log that records it. */
const STAFF_WRITES = [staffEndpoints.list, auditEndpoints.list];

const PAGE_SIZES = [20, 50, 100];

/** The owner's staff accounts (issue 14 item 1): list, create, edit, reset password / second factor. */
export default function StaffPage() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const formatDate = useFormatDate();
  const me = useStaffSession((s) => s.info);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [issued, setIssued] = useState<{ login: string; password: string; created: boolean } | null>(null);
  const list = useEndpointQuery(staffEndpoints.list, { keyword, page, pageSize });

  async function save(values: StaffFormValues) {
    setSaving(true);
    try {
      if (editing === 'new') {
        const answer = await mutateEndpoint(
          staffEndpoints.create,
          { login: values.login, name: values.name, role: values.role },
          { invalidates: STAFF_WRITES },
        );
        setIssued({ login: values.login.trim(), password: answer.temporary_password, created: true });
      } else if (editing) {
        await mutateEndpoint(
          staffEndpoints.update,
          { id: editing.id, name: values.name, role: values.role, enabled: values.enabled },
          { invalidates: STAFF_WRITES },
        );
        toastSuccess(t('admin.staff.saved'));
      }
      setEditing(null);
    } catch {
      // The client toasted the server's message in the member's language; the form stays open.
    } finally {
      setSaving(false);
    }
  }

  function confirmResetPassword(member: StaffMember) {
    void modal.confirm({
      title: t('admin.staff.resetPasswordTitle', { name: member.name }),
      content: t('admin.staff.resetPasswordConfirm'),
      okText: t('admin.staff.resetPassword'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const answer = await mutateEndpoint(
            staffEndpoints.resetPassword,
            { id: member.id },
            { invalidates: STAFF_WRITES },
          );
          setIssued({ login: member.login, password: answer.temporary_password, created: false });
        } catch {
          // Toasted by the client.
        }
      },
    });
  }

  function confirmResetSecondFactor(member: StaffMember) {
    void modal.confirm({
      title: t('admin.staff.resetSecondFactorTitle', { name: member.name }),
      content: t('admin.staff.resetSecondFactorConfirm'),
      okText: t('admin.staff.resetSecondFactor'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await mutateEndpoint(
            staffEndpoints.resetSecondFactor,
            { id: member.id },
            { invalidates: STAFF_WRITES },
          );
          toastSuccess(t('admin.staff.secondFactorReset'));
        } catch {
          // Toasted by the client.
        }
      },
    });
  }

  const columns = useMemo<TableColumnsType<StaffMember>>(
    () => [
      { title: t('admin.staff.login'), dataIndex: 'login', key: 'login' },
      { title: t('admin.staff.name'), dataIndex: 'name', key: 'name' },
      {
        title: t('admin.staff.role'),
        dataIndex: 'role',
        key: 'role',
        render: (role: StaffMember['role']) => t(`admin.role.${role}`),
      },
      {
        title: t('admin.staff.status'),
        dataIndex: 'enabled',
        key: 'enabled',
        render: (enabled: boolean, member) => (
          <>
            {enabled ? (
              <Tag color="green">{t('admin.staff.enabled')}</Tag>
            ) : (
              <Tag>{t('admin.staff.disabled')}</Tag>
            )}
            {member.must_change_password && <Tag color="orange">{t('admin.staff.temporary')}</Tag>}
          </>
        ),
      },
      {
        title: t('admin.staff.secondFactor'),
        dataIndex: 'second_factor_enrolled',
        key: 'second_factor_enrolled',
        render: (enrolled: boolean) =>
          enrolled ? t('admin.staff.secondFactorOn') : t('admin.staff.secondFactorPending'),
      },
      {
        title: t('admin.staff.createdAt'),
        dataIndex: 'created_at',
        key: 'created_at',
        render: (at: number) => formatDate(at),
      },
      {
        title: t('admin.staff.actions'),
        key: 'actions',
        render: (_, member) => (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setEditing(member)}>
              {t('admin.staff.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => confirmResetPassword(member)}>
              {t('admin.staff.resetPassword')}
            </Button>
            <Button
              type="link"
              size="small"
              disabled={!member.second_factor_enrolled}
              onClick={() => confirmResetSecondFactor(member)}
            >
              {t('admin.staff.resetSecondFactor')}
            </Button>
          </Space>
        ),
      },
    ],
    // The confirm helpers only read `t` and the modal API, stable between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, formatDate],
  );

  return (
    <Card className="admin-card">
      <div className="admin-toolbar">
        <Input.Search
          className="admin-search"
          allowClear
          aria-label={t('admin.staff.search')}
          placeholder={t('admin.staff.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('admin.staff.create')}
        </Button>
      </div>
      <Table<StaffMember>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowClassName={(member) => (member.id === me?.id ? 'admin-row-self' : '')}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
      {editing && (
        <StaffFormModal
          member={editing === 'new' ? null : editing}
          self={editing !== 'new' && editing.id === me?.id}
          saving={saving}
          onSave={(values) => void save(values)}
          onCancel={() => setEditing(null)}
        />
      )}
      {issued && (
        <TemporaryPasswordModal
          login={issued.login}
          password={issued.password}
          created={issued.created}
          onClose={() => setIssued(null)}
        />
      )}
    </Card>
  );
}

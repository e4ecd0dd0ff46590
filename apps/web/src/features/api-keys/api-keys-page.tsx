import { useMemo, useState } from 'react';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { apiKeyEndpoints, type ApiKeyRow } from '@partsportal/contract/api-keys';
import { auditEndpoints } from '@partsportal/contract/audit';
import { API_SCOPES } from '@partsportal/contract/integration';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { copyText } from '@shared/ui/clipboard';
import { toastSuccess, useFeedback } from '@shared/ui/feedback';

/** What a key write changes: the list, and the audit log that records it. */
const KEY_WRITES = [apiKeyEndpoints.list, auditEndpoints.list];

interface KeyForm {
  name: string;
  scopes: string[];
  expires_days?: number;
  rate_limit_per_minute?: number;
}

const STATE_COLOURS: Record<ApiKeyRow['state'], string> = {
  active: 'green',
  revoked: 'default',
  expired: 'orange',
};

/**
 * The integrators' API keys (issue 13 item 1), owner only: the same keys as
 * `npm run admin -- api-key …`. A new key is shown once; a revoked key stops at its next call.
 */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const formatDate = useFormatDate();
  const list = useEndpointQuery(apiKeyEndpoints.list, {});
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [issued, setIssued] = useState<{ name: string; key: string } | null>(null);
  const [form] = Form.useForm<KeyForm>();

  async function create(values: KeyForm) {
    setSaving(true);
    try {
      const answer = await mutateEndpoint(
        apiKeyEndpoints.create,
        {
          name: values.name,
          scopes: values.scopes as Array<(typeof API_SCOPES)[number]>,
          ...(values.expires_days ? { expires_days: values.expires_days } : {}),
          ...(values.rate_limit_per_minute ? { rate_limit_per_minute: values.rate_limit_per_minute } : {}),
        },
        { invalidates: KEY_WRITES },
      );
      setCreating(false);
      form.resetFields();
      setIssued({ name: values.name.trim(), key: answer.key });
    } catch {
      // The client toasted the server's message in the member's language; the form stays open.
    } finally {
      setSaving(false);
    }
  }

  function confirmRevoke(key: ApiKeyRow) {
    void modal.confirm({
      title: t('admin.apiKeys.revokeTitle', { name: key.name }),
      content: t('admin.apiKeys.revokeConfirm'),
      okText: t('admin.apiKeys.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await mutateEndpoint(apiKeyEndpoints.revoke, { id: key.id }, { invalidates: KEY_WRITES });
          toastSuccess(t('admin.apiKeys.revoked'));
        } catch {
          // Toasted by the client.
        }
      },
    });
  }

  const columns = useMemo<TableColumnsType<ApiKeyRow>>(
    () => [
      { title: t('admin.apiKeys.name'), dataIndex: 'name', key: 'name' },
      {
        title: t('admin.apiKeys.prefix'),
        dataIndex: 'prefix',
        key: 'prefix',
        render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text>,
      },
      {
        title: t('admin.apiKeys.scopes'),
        dataIndex: 'scopes',
        key: 'scopes',
        render: (scopes: string[]) => (
          <Space size={[0, 4]} wrap>
            {scopes.map((scope) => (
              <Tag key={scope}>{scope}</Tag>
            ))}
          </Space>
        ),
      },
      {
        title: t('admin.apiKeys.state'),
        dataIndex: 'state',
        key: 'state',
        render: (state: ApiKeyRow['state']) => (
          <Tag color={STATE_COLOURS[state]}>{t(`admin.apiKeys.states.${state}`)}</Tag>
        ),
      },
      {
        title: t('admin.apiKeys.lastUsed'),
        dataIndex: 'last_used_at',
        key: 'last_used_at',
        render: (at: number | null) => (at ? formatDate(at) : t('admin.apiKeys.never')),
      },
      {
        title: t('admin.apiKeys.expires'),
        dataIndex: 'expires_at',
        key: 'expires_at',
        render: (at: number | null) => (at ? formatDate(at) : t('admin.apiKeys.noExpiry')),
      },
      {
        title: t('admin.apiKeys.actions'),
        key: 'actions',
        render: (_, key) =>
          key.state === 'active' ? (
            <Button type="link" size="small" danger onClick={() => confirmRevoke(key)}>
              {t('admin.apiKeys.revoke')}
            </Button>
          ) : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- confirmRevoke only reads stable values
    [t, formatDate],
  );

  return (
    <Card className="admin-card api-keys-page">
      <div className="admin-row admin-gap">
        <p className="muted">{t('admin.apiKeys.intro')}</p>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('admin.apiKeys.create')}
        </Button>
      </div>
      <Table<ApiKeyRow>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 900 }}
      />
      <Modal
        open={creating}
        title={t('admin.apiKeys.create')}
        okText={t('admin.apiKeys.createOk')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<KeyForm> form={form} layout="vertical" onFinish={(values) => void create(values)}>
          <Form.Item
            name="name"
            label={t('admin.apiKeys.name')}
            rules={[
              { required: true, whitespace: true, message: t('admin.apiKeys.nameRequired') },
              { max: 80 },
            ]}
          >
            <Input maxLength={80} placeholder="ERP" />
          </Form.Item>
          <Form.Item
            name="scopes"
            label={t('admin.apiKeys.scopes')}
            rules={[{ required: true, type: 'array', min: 1, message: t('admin.apiKeys.scopesRequired') }]}
          >
            <Checkbox.Group options={API_SCOPES.map((scope) => ({ label: scope, value: scope }))} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="expires_days" label={t('admin.apiKeys.expiresDays')}>
              <InputNumber min={1} max={3650} precision={0} />
            </Form.Item>
            <Form.Item name="rate_limit_per_minute" label={t('admin.apiKeys.rateLimit')}>
              <InputNumber min={1} max={100000} precision={0} placeholder="600" />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
      {issued && (
        <Modal
          open
          title={t('admin.apiKeys.createdTitle', { name: issued.name })}
          maskClosable={false}
          onCancel={() => setIssued(null)}
          footer={
            <Button type="primary" onClick={() => setIssued(null)}>
              {t('common.close')}
            </Button>
          }
        >
          <div className="admin-row admin-gap">
            <Typography.Text code className="admin-secret-shown" data-api-key={issued.key}>
              {issued.key}
            </Typography.Text>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copyText(issued.key).then(() => toastSuccess(t('admin.common.copied')))}
            >
              {t('admin.common.copy')}
            </Button>
          </div>
          <Alert type="warning" showIcon title={t('admin.apiKeys.shownOnce')} />
        </Modal>
      )}
    </Card>
  );
}

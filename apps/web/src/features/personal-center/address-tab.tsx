import { useState } from 'react';
import { Button, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addressEndpoints, type Address } from '@partsportal/contract/addresses';
import { request } from '@shared/api/client';
import { invalidateEndpoints, mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { onDemand, useOnDemandShown } from '@shared/ui/on-demand';
import { useFeedback } from '@shared/ui/feedback';

// antd's Form, Modal and Cascader come with the first add or edit, not with the page.
const AddressFormModal = onDemand(() => import('@shared/address/address-form-modal'));

/** Spec §2 personal centre "My shipping address": list, add, edit, delete, set default. */
export function AddressTab() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const addresses = useEndpointQuery(addressEndpoints.getAddress, {});
  const [editing, setEditing] = useState<Address | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const formShown = useOnDemandShown(AddressFormModal, formOpen, () => setFormOpen(false));

  const open = (address: Address | null) => {
    setEditing(address);
    setFormOpen(true);
  };

  const onDelete = (address: Address) =>
    modal.confirm({
      title: t('address.deleteTitle'),
      content: t('address.deleteConfirm', { name: address.caption || address.contact_name }),
      okText: t('address.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onCancel: () => void message.info(t('address.deleteCancelled')),
      onOk: async () => {
        try {
          // Spec §7: the id travels in the query string.
          await request(`${addressEndpoints.deleteAddress.path}?id=${address.id}`, {}, { silent: true });
          void message.success(t('address.deleted'));
        } catch {
          void message.error(t('address.deleteFailed'));
        }
        void invalidateEndpoints(addressEndpoints.getAddress);
      },
    });

  const onSetDefault = async (address: Address) => {
    try {
      await mutateEndpoint(
        addressEndpoints.setDefaultAddress,
        {},
        { params: { id: address.id }, invalidates: [addressEndpoints.getAddress] },
      );
      void message.success(t('address.defaultSet'));
    } catch {
      // Toasted.
    }
  };

  const columns: TableColumnsType<Address> = [
    { key: 'caption', title: t('address.caption'), width: 130, render: (_, a) => a.caption || '—' },
    { key: 'contact', title: t('address.contactName'), width: 120, dataIndex: 'contact_name' },
    { key: 'area', title: t('address.area'), width: 200, dataIndex: 'area' },
    { key: 'address', title: t('address.address'), width: 220, dataIndex: 'address' },
    { key: 'phone', title: t('address.phone'), width: 150, dataIndex: 'phone' },
    {
      key: 'default',
      title: t('address.default'),
      width: 90,
      render: (_, a) => (a.is_default ? <Tag color="blue">{t('address.default')}</Tag> : null),
    },
    {
      key: 'actions',
      title: t('pending.actions'),
      width: 230,
      fixed: 'right',
      render: (_, a) => (
        <Space size={4} wrap>
          <Button size="small" className="address-edit" onClick={() => open(a)}>
            {t('address.edit')}
          </Button>
          {!a.is_default && (
            <Button size="small" className="address-default" onClick={() => void onSetDefault(a)}>
              {t('address.makeDefault')}
            </Button>
          )}
          <Button size="small" danger className="address-delete" onClick={() => onDelete(a)}>
            {t('address.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="table-toolbar">
        <Button type="primary" icon={<PlusOutlined />} className="add-address" onClick={() => open(null)}>
          {t('address.add')}
        </Button>
      </div>
      <Table<Address>
        className="address-table"
        rowKey="id"
        size="middle"
        loading={addresses.isFetching}
        columns={columns}
        dataSource={addresses.data ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty description={t('address.empty')} /> }}
      />
      {formShown && (
        <AddressFormModal
          open={formOpen}
          address={editing}
          onClose={() => setFormOpen(false)}
          onSaved={() => setFormOpen(false)}
        />
      )}
    </>
  );
}

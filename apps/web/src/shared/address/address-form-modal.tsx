import { useMemo, useRef, useState } from 'react';
import { App, Cascader, Checkbox, Form, Input, Modal, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADDRESS_LIMITS, addressEndpoints, type Address } from '@partsportal/contract/addresses';
import { mutateEndpoint, useEndpointQuery } from '../api/server-state';
import { receivingAreaOptions } from '../areas/area-tree';
import {
  areaPath,
  toAddressFields,
  validateAddress,
  type AddressField,
  type AddressFormValues,
} from './address-validation';

const EMPTY: AddressFormValues = {
  caption: '',
  contact_name: '',
  area: [],
  address: '',
  phone: '',
  is_default: false,
};

/**
 * The "Add shipping address" form of spec §2, in a modal: used by the personal centre and by
 * the checkout's address step. Checks run in the spec §5 order with the server's words.
 */
export function AddressFormModal({
  open,
  address,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null = add a new address. */
  address: Address | null;
  onClose: () => void;
  onSaved: (address: Address) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const areas = useEndpointQuery(addressEndpoints.getAllAreas, {}, { enabled: open });
  const options = useMemo(() => receivingAreaOptions(areas.data ?? []), [areas.data]);
  const [values, setValues] = useState<AddressFormValues>(EMPTY);
  const [problem, setProblem] = useState<AddressField | null>(null);
  const [saving, setSaving] = useState(false);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const contactRef = useRef<InputRef>(null);
  const detailRef = useRef<InputRef>(null);
  const phoneRef = useRef<InputRef>(null);

  // Fill the form each time it opens (and once the areas are known, for an edited address).
  const ticket = open ? `${address?.id ?? 'new'}#${areas.data ? 'areas' : ''}` : null;
  if (ticket !== openedFor) {
    setOpenedFor(ticket);
    if (open) {
      setProblem(null);
      setValues(
        address
          ? {
              caption: address.caption,
              contact_name: address.contact_name,
              area: areaPath(address.area_id, areas.data ?? []),
              address: address.address,
              phone: address.phone,
              is_default: address.is_default,
            }
          : EMPTY,
      );
    }
  }

  const set = (patch: Partial<AddressFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setProblem(null);
  };

  const onOk = async () => {
    const found = validateAddress(values);
    if (found) {
      setProblem(found.field);
      void message.error(t(found.messageKey));
      const refs = { contact_name: contactRef, address: detailRef, phone: phoneRef };
      if (found.field !== 'area') refs[found.field].current?.focus();
      return;
    }
    setSaving(true);
    try {
      const fields = toAddressFields(values);
      const saved = address
        ? await mutateEndpoint(
            addressEndpoints.updateAddress,
            { id: address.id, ...fields },
            { invalidates: [addressEndpoints.getAddress] },
          )
        : await mutateEndpoint(addressEndpoints.addAddress, fields, {
            invalidates: [addressEndpoints.getAddress],
          });
      void message.success(t('address.saved'));
      onSaved(saved);
    } catch {
      // The server's message was toasted (same rules, same words).
    } finally {
      setSaving(false);
    }
  };

  const status = (field: AddressField) => (problem === field ? ('error' as const) : undefined);
  return (
    <Modal
      open={open}
      title={address ? t('address.editTitle') : t('address.addTitle')}
      okText={t('address.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
      className="address-modal"
    >
      <Form layout="vertical" className="address-form" component="div">
        <Form.Item label={t('address.caption')} htmlFor="address-caption">
          <Input
            id="address-caption"
            maxLength={ADDRESS_LIMITS.caption}
            placeholder={t('address.captionPlaceholder')}
            value={values.caption}
            onChange={(e) => set({ caption: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('address.contactName')} htmlFor="address-contact" required>
          <Input
            id="address-contact"
            ref={contactRef}
            maxLength={ADDRESS_LIMITS.contact_name}
            status={status('contact_name')}
            value={values.contact_name}
            onChange={(e) => set({ contact_name: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('address.area')} htmlFor="address-area" required>
          <Cascader
            id="address-area"
            className="address-area"
            options={options}
            changeOnSelect
            showSearch
            loading={areas.isFetching}
            status={status('area')}
            placeholder={t('address.areaPlaceholder')}
            value={values.area}
            onChange={(path) => set({ area: (path ?? []).map(Number) })}
          />
        </Form.Item>
        <Form.Item label={t('address.address')} htmlFor="address-detail" required>
          <Input
            id="address-detail"
            ref={detailRef}
            maxLength={ADDRESS_LIMITS.address}
            status={status('address')}
            value={values.address}
            onChange={(e) => set({ address: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t('address.phone')}
          htmlFor="address-phone"
          required
          extra={<span className="muted">{t('address.phoneHint')}</span>}
        >
          <Input
            id="address-phone"
            ref={phoneRef}
            maxLength={ADDRESS_LIMITS.phone}
            status={status('phone')}
            inputMode="tel"
            value={values.phone}
            onChange={(e) => set({ phone: e.target.value })}
          />
        </Form.Item>
        <Checkbox checked={values.is_default} onChange={(e) => set({ is_default: e.target.checked })}>
          {t('address.setDefault')}
        </Checkbox>
      </Form>
    </Modal>
  );
}

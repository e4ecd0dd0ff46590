import { useMemo, useRef, useState } from 'react';
import { Cascader, Checkbox, Form, Input, Modal, type InputRef } from 'antd';
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
import { useFeedback } from '@shared/ui/feedback';

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
export default function AddressFormModal({
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
  const { message } = useFeedback();
  const areas = useEndpointQuery(addressEndpoints.getAllAreas, {}, { enabled: open });
  const options = useMemo(() => receivingAreaOptions(areas.data ?? []), [areas.data]);
  const [values, setValues] = useState<AddressFormValues>(EMPTY);
  // Every problem of the last save, by field (all shown at once, spec §5 order).
  const [problems, setProblems] = useState<Partial<Record<AddressField, string>>>({});
  const [saving, setSaving] = useState(false);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [regionFor, setRegionFor] = useState<string | null>(null);
  const contactRef = useRef<InputRef>(null);
  const detailRef = useRef<InputRef>(null);
  const phoneRef = useRef<InputRef>(null);

  // Fill the form each time it opens. The regions may come after it opened: an edited
  // address then gets its region, and nothing the user typed meanwhile is reset.
  const ticket = open ? String(address?.id ?? 'new') : null;
  if (ticket !== openedFor) {
    setOpenedFor(ticket);
    if (open) {
      setProblems({});
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
  const regionTicket = open && address && areas.data ? `${address.id}` : null;
  if (regionTicket !== regionFor) {
    setRegionFor(regionTicket);
    if (regionTicket && address)
      setValues((v) => (v.area.length > 0 ? v : { ...v, area: areaPath(address.area_id, areas.data ?? []) }));
  }

  // Editing a field clears its own message; the others stay until the next save.
  const set = (patch: Partial<AddressFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    const edited = Object.keys(patch).filter((key): key is AddressField => key in problems);
    if (edited.length > 0) {
      setProblems((current) => {
        const next = { ...current };
        for (const key of edited) delete next[key];
        return next;
      });
    }
  };

  const onOk = async () => {
    const found = validateAddress(values);
    if (found.length > 0) {
      setProblems(Object.fromEntries(found.map((p) => [p.field, t(p.messageKey)])));
      // Focus goes to the first field in the spec's order (the region is a Cascader: no ref).
      const first = found[0]!.field;
      const refs = { contact_name: contactRef, address: detailRef, phone: phoneRef };
      if (first !== 'area') refs[first].current?.focus();
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

  const status = (field: AddressField) => (problems[field] ? ('error' as const) : undefined);
  // antd renders `help` under the field with role="alert", so a screen reader hears them too.
  const feedback = (field: AddressField) =>
    problems[field] ? { validateStatus: 'error' as const, help: problems[field] } : {};
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
        <Form.Item
          label={t('address.contactName')}
          htmlFor="address-contact"
          required
          {...feedback('contact_name')}
        >
          <Input
            id="address-contact"
            ref={contactRef}
            maxLength={ADDRESS_LIMITS.contact_name}
            status={status('contact_name')}
            value={values.contact_name}
            onChange={(e) => set({ contact_name: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('address.area')} htmlFor="address-area" required {...feedback('area')}>
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
        <Form.Item label={t('address.address')} htmlFor="address-detail" required {...feedback('address')}>
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
          {...feedback('phone')}
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

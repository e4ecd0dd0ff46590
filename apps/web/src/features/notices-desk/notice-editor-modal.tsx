import { lazy, Suspense, useState } from 'react';
import { Alert, Button, DatePicker, Input, Modal, Radio, Select, Skeleton, Switch, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@partsportal/contract/codes';
import { customersEndpoints } from '@partsportal/contract/customers';
import { noticesDeskEndpoints } from '@partsportal/contract/notices-desk';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useSettingsStore } from '@shared/stores/settings-store';
import { toastSuccess } from '@shared/ui/feedback';
import {
  companyLabel,
  LANGUAGE_NAMES,
  emptyNoticeForm,
  noticeFormFrom,
  noticeWriteBody,
  writtenLanguages,
  type NoticeFormValues,
} from './notice-form';
import { NoticePreviewModal } from './notice-preview-modal';

// TipTap and ProseMirror load with the editor only: not in the list's chunk, never in the buyers'.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

const INVALIDATES = [noticesDeskEndpoints.listNotices, noticesDeskEndpoints.getNotice];

/** Companies to target: searched on the server by code or name, the chosen ones kept with labels. */
function CompanyPicker({
  value,
  onChange,
}: {
  value: NoticeFormValues['companies'];
  onChange: (companies: NoticeFormValues['companies']) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useEndpointQuery(customersEndpoints.listCompanies, { keyword, page: 1, pageSize: 20 });
  const known = new Map(value.map((c) => [c.id, c.label]));
  for (const company of found.data?.list ?? []) known.set(company.id, companyLabel(company));
  return (
    <Select
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={found.isFetching}
      className="notice-company-picker"
      aria-label={t('admin.noticesDesk.chooseCompanies')}
      placeholder={t('admin.noticesDesk.chooseCompanies')}
      value={value.map((c) => c.id)}
      options={[...known].map(([id, label]) => ({ value: id, label }))}
      onChange={(ids: number[]) => onChange(ids.map((id) => ({ id, label: known.get(id) ?? String(id) })))}
      onBlur={() => setKeyword('')}
    />
  );
}

/** New notice (no `id`) or the edit of one: text per language, window, target, preview. */
export function NoticeEditorModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const uiLanguage = useSettingsStore((s) => s.language);
  const stored = useEndpointQuery(
    noticesDeskEndpoints.getNotice,
    { id: id ?? 0 },
    { enabled: id !== undefined },
  );
  if (id === undefined)
    return <NoticeEditor initial={emptyNoticeForm(uiLanguage)} tabLanguage={uiLanguage} onClose={onClose} />;
  // Another notice's data never seeds this one's form.
  if (!stored.data || stored.data.id !== id)
    return (
      <Modal open footer={null} onCancel={onClose} title=" ">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Modal>
    );
  return (
    <NoticeEditor
      id={id}
      initial={noticeFormFrom(stored.data)}
      tabLanguage={stored.data.title[uiLanguage] ? uiLanguage : stored.data.language}
      onClose={onClose}
    />
  );
}

function NoticeEditor({
  id,
  initial,
  tabLanguage,
  onClose,
}: {
  id?: number;
  initial: NoticeFormValues;
  tabLanguage: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<NoticeFormValues>(initial);
  const [tab, setTab] = useState<Language>(tabLanguage);
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  const set = (patch: Partial<NoticeFormValues>) =>
    setValues((current) => current && { ...current, ...patch });
  const written = writtenLanguages(values);

  async function save() {
    setSaving(true);
    try {
      const body = noticeWriteBody(values);
      if (id === undefined)
        await mutateEndpoint(noticesDeskEndpoints.createNotice, body, { invalidates: INVALIDATES });
      else
        await mutateEndpoint(
          noticesDeskEndpoints.updateNotice,
          { ...body, id },
          { invalidates: INVALIDATES },
        );
      toastSuccess(t('admin.noticesDesk.saved'));
      onClose();
    } catch {
      // Toasted by the API client; the editor stays open with the text.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={id === undefined ? t('admin.noticesDesk.new') : t('admin.noticesDesk.edit')}
      okText={t('admin.noticesDesk.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={860}
      className="notice-editor-modal"
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <Button className="notice-preview-button" onClick={() => setPreviewing(true)}>
            {t('admin.noticesDesk.preview')}
          </Button>
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <div className="notice-editor">
        <label className="notice-field">
          <span>{t('admin.noticesDesk.writtenIn')}</span>
          <Select
            value={values.language}
            onChange={(language: Language) => set({ language })}
            options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            aria-label={t('admin.noticesDesk.writtenIn')}
          />
        </label>
        <p className="muted notice-hint">{t('admin.noticesDesk.fallbackHint')}</p>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Language)}
          items={LANGUAGES.map((language) => ({
            key: language,
            label: `${LANGUAGE_NAMES[language]}${written.includes(language) ? ' ✓' : ''}`,
            children: (
              <div className="notice-language">
                <Input
                  value={values.title[language]}
                  maxLength={200}
                  placeholder={t('admin.noticesDesk.title')}
                  aria-label={`${t('admin.noticesDesk.title')} (${language})`}
                  onChange={(e) => set({ title: { ...values.title, [language]: e.target.value } })}
                />
                <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                  <RichTextEditor
                    label={`${t('admin.noticesDesk.content')} (${language})`}
                    value={values.content[language]}
                    onChange={(html) =>
                      setValues(
                        (current) =>
                          current && { ...current, content: { ...current.content, [language]: html } },
                      )
                    }
                  />
                </Suspense>
              </div>
            ),
          }))}
        />
        <div className="notice-settings">
          <label className="notice-field">
            <span>{t('admin.noticesDesk.publishFrom')}</span>
            <DatePicker
              showTime
              value={values.publish_from === null ? null : dayjs.unix(values.publish_from)}
              placeholder={t('admin.noticesDesk.now')}
              onChange={(day) => set({ publish_from: day ? day.unix() : null })}
            />
          </label>
          <label className="notice-field">
            <span>{t('admin.noticesDesk.publishUntil')}</span>
            <DatePicker
              showTime
              value={values.publish_until === null ? null : dayjs.unix(values.publish_until)}
              placeholder={t('admin.noticesDesk.noEnd')}
              onChange={(day) => set({ publish_until: day ? day.unix() : null })}
            />
          </label>
          <label className="notice-switch">
            <Switch checked={values.is_published} onChange={(is_published) => set({ is_published })} />
            <span>{t('admin.noticesDesk.published')}</span>
          </label>
          <label className="notice-switch">
            <Switch checked={values.is_pinned} onChange={(is_pinned) => set({ is_pinned })} />
            <span>{t('admin.noticesDesk.pinned')}</span>
          </label>
        </div>
        {!values.is_published && <Alert type="info" showIcon title={t('admin.noticesDesk.draftHint')} />}
        <fieldset className="notice-target">
          <legend>{t('admin.noticesDesk.target')}</legend>
          <Radio.Group
            value={values.target_all ? 'all' : 'chosen'}
            onChange={(e) => set({ target_all: e.target.value === 'all' })}
            options={[
              { value: 'all', label: t('admin.noticesDesk.allCompanies') },
              { value: 'chosen', label: t('admin.noticesDesk.chosenCompanies') },
            ]}
          />
          {!values.target_all && (
            <CompanyPicker value={values.companies} onChange={(companies) => set({ companies })} />
          )}
        </fieldset>
      </div>
      {previewing && (
        <NoticePreviewModal values={values} initialLanguage={tab} onClose={() => setPreviewing(false)} />
      )}
    </Modal>
  );
}

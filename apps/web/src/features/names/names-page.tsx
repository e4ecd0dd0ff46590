import { useState } from 'react';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Form, Grid, Input, Modal, Select, Table, Tabs, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Language } from '@partsportal/contract/codes';
import {
  NAME_KINDS,
  NAME_MAX_LENGTH,
  NAMES_EXPORT_PATH,
  namesEndpoints,
  type NameEntry,
  type NameKind,
} from '@partsportal/contract/names';
import { isTermKind, isTrackingUrl, TRACKING_URL_MAX_LENGTH } from '@partsportal/contract/names-rules';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { downloadFile } from '@shared/api/staff-download';
import { useSettingsStore } from '@shared/stores/settings-store';
import { toastError, useFeedback } from '@shared/ui/feedback';
import { hiddenColumnTitle } from '@shared/ui/table-a11y';
import { NamesImport, uploadNames, type NamesImportState } from './names-import';
import './names.css';

const LANGUAGE_COLUMNS: ReadonlyArray<{ language: Language; title: string }> = [
  { language: 'zh', title: '中文' },
  { language: 'en', title: 'English' },
  { language: 'es', title: 'Español' },
];

/** Unsaved changes of one row: names per language and, for a carrier, its tracking link. */
type Edit = Partial<Record<Language | 'tracking', string>>;
interface WordForm {
  word: string;
  zh?: string;
  en?: string;
  es?: string;
}

/** A name as staff may save it: one line, at most NAME_MAX_LENGTH (the server checks again). */
const nameRules = (message: string) => [{ max: NAME_MAX_LENGTH, message }];

/**
 * /admin/names (catalogue, owner): the zh/en/es names of stores, carriers, areas and the words
 * repeated on many rows (units, parameter names and values, vehicle words). Buyers see the name
 * in their language, else the name as written. Edited in the table, or as an xlsx file:
 * download, edit in Excel, upload → preview → apply.
 */
export default function NamesPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const language = useSettingsStore((state) => state.language);
  const [kind, setKind] = useState<NameKind>('store');
  const [keyword, setKeyword] = useState('');
  const [missing, setMissing] = useState(false);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [upload, setUpload] = useState<NamesImportState | null>(null);
  const [adding, setAdding] = useState(false);
  const [wordForm] = Form.useForm<WordForm>();
  const query = useEndpointQuery(namesEndpoints.list, { kind, keyword, missing, ...page });
  const term = isTermKind(kind);
  const kindOptions = NAME_KINDS.map((value) => ({ value, label: t(`admin.names.kinds.${value}`) }));
  // Narrow screens get the three names stacked in one column instead of three side by side.
  const wide = Grid.useBreakpoint().md ?? true;

  const switchKind = (next: NameKind) => {
    setKind(next);
    setKeyword('');
    setEdits({});
    setPage((p) => ({ ...p, page: 1 }));
  };

  const save = async (entry: NameEntry) => {
    const edit = edits[entry.key];
    if (!edit) return;
    try {
      const { tracking, ...names } = edit;
      if (tracking !== undefined)
        await mutateEndpoint(
          namesEndpoints.setCarrierTracking,
          { id: Number(entry.key), tracking_url: tracking.trim() },
          { invalidates: Object.keys(names).length > 0 ? [] : [namesEndpoints.list] },
        );
      if (Object.keys(names).length > 0)
        await mutateEndpoint(
          namesEndpoints.set,
          {
            kind,
            key: entry.key,
            names: {
              zh: (edit.zh ?? entry.zh).trim(),
              en: (edit.en ?? entry.en).trim(),
              es: (edit.es ?? entry.es).trim(),
            },
          },
          { invalidates: [namesEndpoints.list] },
        );
      setEdits(({ [entry.key]: _saved, ...rest }) => rest);
      void message.success(t('admin.names.saved'));
    } catch {
      // Toasted by the client.
    }
  };

  const addWord = async (values: WordForm) => {
    try {
      await mutateEndpoint(
        namesEndpoints.set,
        {
          kind,
          key: values.word.trim(),
          names: { zh: values.zh?.trim() ?? '', en: values.en?.trim() ?? '', es: values.es?.trim() ?? '' },
        },
        { invalidates: [namesEndpoints.list] },
      );
      wordForm.resetFields();
      setAdding(false);
      void message.success(t('admin.names.saved'));
    } catch {
      // Toasted by the client.
    }
  };

  const preview = (file: File) => {
    setUpload({ kind, file });
    uploadNames(kind, file, false).then(
      (result) => setUpload({ kind, file, result }),
      (error: unknown) =>
        setUpload({ kind, file, failure: error instanceof Error ? error.message : String(error) }),
    );
  };
  const apply = () => {
    if (!upload) return;
    const { kind: fileKind, file } = upload;
    setUpload({ ...upload, applying: true });
    uploadNames(fileKind, file, true).then(
      (result) => setUpload({ kind: fileKind, file, result }),
      (error: unknown) =>
        setUpload({ kind: fileKind, file, failure: error instanceof Error ? error.message : String(error) }),
    );
  };

  const nameInput = (entry: NameEntry, lng: Language, title: string, prefixed = false) => {
    const value = edits[entry.key]?.[lng] ?? entry[lng];
    return (
      <Input
        className="names-cell-input"
        aria-label={`${entry.written} · ${title}`}
        maxLength={NAME_MAX_LENGTH}
        value={value}
        {...(prefixed ? { prefix: <span className="names-prefix">{lng}</span> } : {})}
        // An empty name shows the name as written, as buyers would see it.
        placeholder={t('admin.names.fallback', { name: entry.written })}
        status={value.trim() === '' ? 'warning' : ''}
        onChange={(event) =>
          setEdits((all) => ({ ...all, [entry.key]: { ...all[entry.key], [lng]: event.target.value } }))
        }
        onPressEnter={() => void save(entry)}
      />
    );
  };

  const trackingInput = (entry: NameEntry) => {
    const value = edits[entry.key]?.tracking ?? entry.tracking_url ?? '';
    return (
      <Input
        size="small"
        className="names-tracking"
        aria-label={`${entry.written} · ${t('admin.names.tracking')}`}
        maxLength={TRACKING_URL_MAX_LENGTH}
        value={value}
        placeholder={t('admin.names.trackingPlaceholder')}
        title={t('admin.names.trackingHint')}
        status={isTrackingUrl(value.trim()) ? '' : 'error'}
        onChange={(event) =>
          setEdits((all) => ({ ...all, [entry.key]: { ...all[entry.key], tracking: event.target.value } }))
        }
        onPressEnter={() => void save(entry)}
      />
    );
  };

  const written = (entry: NameEntry) => (
    <>
      <div className="names-written">{entry.written}</div>
      {entry.context && <div className="muted">{entry.context}</div>}
      {entry.tracking_url !== undefined && trackingInput(entry)}
    </>
  );
  const saveButton = (entry: NameEntry) => (
    <Button type="primary" disabled={!edits[entry.key]} onClick={() => void save(entry)}>
      {t('admin.names.save')}
    </Button>
  );

  const columns: ColumnsType<NameEntry> = wide
    ? [
        {
          key: 'written',
          title: t(term ? 'admin.names.word' : 'admin.names.written'),
          width: 200,
          render: (_: unknown, entry: NameEntry) => written(entry),
        },
        ...LANGUAGE_COLUMNS.map(({ language: lng, title }) => ({
          key: lng,
          title,
          render: (_: unknown, entry: NameEntry) => nameInput(entry, lng, title),
        })),
        {
          key: 'save',
          title: hiddenColumnTitle(t('admin.names.save')),
          width: 88,
          render: (_: unknown, entry: NameEntry) => saveButton(entry),
        },
      ]
    : [
        // A phone: one cell per entry, the written name above its three names and the button.
        {
          key: 'entry',
          title: t(term ? 'admin.names.word' : 'admin.names.written'),
          render: (_: unknown, entry: NameEntry) => (
            <div className="names-stack">
              {written(entry)}
              {LANGUAGE_COLUMNS.map(({ language: lng, title }) => (
                <div key={lng}>{nameInput(entry, lng, title, true)}</div>
              ))}
              <div>{saveButton(entry)}</div>
            </div>
          ),
        },
      ];

  return (
    <Card className="admin-card names-page" role="region" aria-label={t('admin.route.names')}>
      <p className="muted">{t('admin.names.hint')}</p>
      {wide ? (
        <Tabs
          activeKey={kind}
          onChange={(key) => switchKind(key as NameKind)}
          items={kindOptions.map(({ value, label }) => ({ key: value, label }))}
        />
      ) : (
        // A phone: the seven kinds do not fit in a row of tabs (antd hides the rest in a menu the
        // tab list's ARIA cannot describe), so they are a select.
        <Select
          className="names-kind-select"
          aria-label={t('admin.names.kind')}
          value={kind}
          onChange={switchKind}
          options={kindOptions}
        />
      )}
      <div className="names-toolbar">
        <Input.Search
          key={kind}
          allowClear
          placeholder={t('admin.names.search')}
          aria-label={t('admin.names.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Checkbox
          checked={missing}
          onChange={(event) => {
            setMissing(event.target.checked);
            setPage((p) => ({ ...p, page: 1 }));
          }}
        >
          {t('admin.names.missing')}
        </Checkbox>
        {term && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('admin.names.addWord')}
          </Button>
        )}
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadFile(NAMES_EXPORT_PATH, { kind, lang: language }, `names-${kind}.xlsx`).catch(
              (error: unknown) => toastError(error instanceof Error ? error.message : String(error)),
            )
          }
          data-testid="names-download"
        >
          {t('admin.names.download')}
        </Button>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          beforeUpload={(chosen) => {
            preview(chosen);
            // The file goes through our own client (token, language, errors), not antd's XHR.
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} data-testid="names-upload">
            {t('admin.names.upload')}
          </Button>
        </Upload>
      </div>
      <Table<NameEntry>
        rowKey="key"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        scroll={wide ? { x: 'max-content' } : undefined}
        columns={columns}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: true,
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
      {upload && (
        <NamesImport
          key={`${upload.file.name}-${upload.result?.applied ? 'applied' : 'preview'}`}
          state={upload}
          onApply={apply}
          onClose={() => setUpload(null)}
        />
      )}
      <Modal
        open={adding}
        title={t('admin.names.addWordTitle', { kind: t(`admin.names.kinds.${kind}`) })}
        okText={t('admin.names.save')}
        cancelText={t('admin.names.cancel')}
        onOk={() => wordForm.submit()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form<WordForm> form={wordForm} layout="vertical" name="names-word" onFinish={(v) => void addWord(v)}>
          <Form.Item
            name="word"
            label={t('admin.names.word')}
            extra={t('admin.names.wordHint')}
            rules={[
              { required: true, whitespace: true, message: t('admin.names.required') },
              ...nameRules(t('admin.names.tooLong', { max: NAME_MAX_LENGTH })),
            ]}
          >
            <Input maxLength={NAME_MAX_LENGTH} />
          </Form.Item>
          {LANGUAGE_COLUMNS.map(({ language: lng, title }) => (
            <Form.Item key={lng} name={lng} label={title}>
              <Input maxLength={NAME_MAX_LENGTH} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </Card>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Modal, Radio, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@partsportal/contract/codes';
import { noticesDeskEndpoints } from '@partsportal/contract/notices-desk';
import { useEndpointQuery } from '@shared/api/server-state';
import { defendHtml } from '@shared/ui/html-defence';
import { LANGUAGE_NAMES, type NoticeFormValues } from './notice-form';

/**
 * The notice as a buyer reading in a language gets it: the server's preview answers the title
 * and HTML the buyers' detail call would, shown in the buyers' notice-content container.
 */
export function NoticePreviewModal({
  values,
  initialLanguage,
  onClose,
}: {
  values: NoticeFormValues;
  initialLanguage: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reader, setReader] = useState<Language>(initialLanguage);
  const preview = useEndpointQuery(noticesDeskEndpoints.previewNotice, {
    notice: { language: values.language, title: values.title, content: values.content },
    reader_language: reader,
  });
  const html = useMemo(() => (preview.data ? defendHtml(preview.data.content) : ''), [preview.data]);
  return (
    <Modal
      open
      title={t('admin.noticesDesk.previewTitle')}
      footer={null}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      <Radio.Group
        optionType="button"
        value={reader}
        aria-label={t('admin.noticesDesk.previewTitle')}
        onChange={(e) => setReader(e.target.value as Language)}
        options={LANGUAGES.map((language) => ({
          value: language,
          label: LANGUAGE_NAMES[language],
        }))}
      />
      {preview.isError ? (
        <Alert type="error" showIcon title={t('admin.noticesDesk.previewFailed')} />
      ) : !preview.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <article className="notice-preview" aria-label={t('admin.noticesDesk.previewTitle')}>
          {preview.data.language !== reader && (
            <Alert
              type="warning"
              showIcon
              title={t('admin.noticesDesk.fallbackShown', { language: preview.data.language })}
            />
          )}
          <h2 className="notice-preview-title">{preview.data.title}</h2>
          <div
            className="notice-content"
            // Sanitized by the server with the buyers' allow-list and defended again here, as the
            // buyers' notice detail page does (features/notices/notice-detail-page.tsx).
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </article>
      )}
    </Modal>
  );
}

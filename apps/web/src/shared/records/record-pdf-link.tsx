import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { assetUrl } from '@shared/api/asset-url';
import { useSettingsStore } from '@shared/stores/settings-store';

/**
 * A record's printable PDF (delivery note, sales bill) in the reader's language: a download link,
 * so the token travels as `?token=` like the picture and attachment links.
 */
export function RecordPdfLink({ path, id }: { path: string; id: number }) {
  const { t } = useTranslation();
  const language = useSettingsStore((s) => s.language);
  return (
    <Button
      icon={<FilePdfOutlined />}
      href={assetUrl(`${path.replace('{id}', String(id))}?lng=${language}`)}
      download
      data-testid="record-pdf"
    >
      {t('recordList.pdf')}
    </Button>
  );
}

import { InboxOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The cart's "Import file" tab: antd's Upload.Dragger (10.3 KB gzip with its Progress), loaded
 * by the bulk order panel in the background and when the tab is chosen, not with the cart.
 */
export default function BulkFileDrop({
  uploading,
  onFile,
}: {
  uploading: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <Upload.Dragger
      className="import-upload"
      accept=".xls,.xlsx"
      multiple={false}
      showUploadList={false}
      disabled={uploading}
      beforeUpload={(file) => {
        onFile(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p>{uploading ? t('bulk.uploading') : t('bulk.dropFile')}</p>
      <p className="muted">{t('bulk.fileHint')}</p>
    </Upload.Dragger>
  );
}

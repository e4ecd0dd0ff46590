import { useEffect, useState } from 'react';
import { Button, Empty, Image, List, Popconfirm, Space, Upload } from 'antd';
import { DownloadOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  inventoryEndpoints,
  MAX_ATTACHMENT_BYTES,
  MAX_PICTURE_BYTES,
  MAX_PICTURES,
  STAFF_ATTACHMENT_PATH,
  STAFF_PICTURE_PATH,
  UPLOAD_ATTACHMENT_PATH,
  UPLOAD_FIELD,
  UPLOAD_PICTURE_PATH,
  type InventoryProduct,
} from '@partsportal/contract/inventory';
import { getStaticConfig } from '@shared/api/static-config';
import { downloadFile } from '@shared/api/staff-download';
import { invalidateEndpoints, mutateEndpoint } from '@shared/api/server-state';
import { uploadFile } from '@shared/api/upload';
import { useStaffSession } from '@shared/stores/staff-session';
import { useFeedback } from '@shared/ui/feedback';

const fill = (path: string, values: Record<string, number>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

/**
 * One picture through the staff token: the staff picture call takes the Token header only (a
 * staff token never goes in a URL), so the page fetches it and shows a blob.
 */
function StaffPicture({ productId, index, version }: { productId: number; index: number; version: number }) {
  const token = useStaffSession((s) => s.token);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void fetch(`${getStaticConfig().apiUrl}${fill(STAFF_PICTURE_PATH, { id: productId, index })}`, {
      headers: token ? { Token: token } : {},
    })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [productId, index, token, version]);
  return src ? (
    <Image src={src} width={120} height={120} style={{ objectFit: 'contain' }} alt={`#${index}`} />
  ) : (
    <div className="inventory-picture-placeholder" />
  );
}

/** Pictures (JPEG/PNG/WebP, checked by content on the server) and PDF attachments. */
export function ProductFilesTab({ product }: { product: InventoryProduct }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const invalidates = [inventoryEndpoints.product];

  const send = async (kind: 'picture' | 'attachment', file: File) => {
    const max = kind === 'picture' ? MAX_PICTURE_BYTES : MAX_ATTACHMENT_BYTES;
    if (file.size > max) {
      void message.error(t('admin.inventory.fileTooLarge', { max: max / 1048576 }));
      return;
    }
    setBusy(true);
    try {
      const path = fill(kind === 'picture' ? UPLOAD_PICTURE_PATH : UPLOAD_ATTACHMENT_PATH, {
        id: product.id,
      });
      await uploadFile(path, UPLOAD_FIELD, file);
      void message.success(t('admin.inventory.uploaded'));
      setVersion((v) => v + 1);
    } catch {
      // Toasted (wrong type, too large).
    } finally {
      setBusy(false);
      void invalidateEndpoints(...invalidates);
    }
  };
  const removePicture = async (index: number) => {
    try {
      await mutateEndpoint(
        inventoryEndpoints.removePicture,
        { product_id: product.id, index },
        { invalidates },
      );
      setVersion((v) => v + 1);
    } catch {
      // Toasted.
    }
  };
  const removeAttachment = async (path: string) => {
    try {
      await mutateEndpoint(
        inventoryEndpoints.removeAttachment,
        { product_id: product.id, path },
        { invalidates },
      );
    } catch {
      // Toasted.
    }
  };

  const indexes = Array.from({ length: product.pictures }, (_, i) => i + 1);
  return (
    <div className="inventory-files">
      <h2 className="inventory-section-title">{t('admin.inventory.pictures')}</h2>
      <p className="muted">
        {t('admin.inventory.picturesHint', { max: MAX_PICTURE_BYTES / 1048576, count: MAX_PICTURES })}
      </p>
      <Image.PreviewGroup>
        <Space wrap size="middle">
          {indexes.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          {indexes.map((index) => (
            <div key={`${index}-${version}`} className="inventory-picture">
              <StaffPicture productId={product.id} index={index} version={version} />
              <Popconfirm
                title={t('admin.inventory.removeConfirm')}
                onConfirm={() => void removePicture(index)}
              >
                <Button type="link" danger size="small">
                  {t('admin.inventory.remove')}
                </Button>
              </Popconfirm>
            </div>
          ))}
        </Space>
      </Image.PreviewGroup>
      <Upload
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          void send('picture', file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} disabled={product.pictures >= MAX_PICTURES}>
          {t('admin.inventory.uploadPicture')}
        </Button>
      </Upload>

      <h2 className="inventory-section-title">{t('admin.inventory.attachments')}</h2>
      <p className="muted">{t('admin.inventory.attachmentsHint', { max: MAX_ATTACHMENT_BYTES / 1048576 })}</p>
      <List
        size="small"
        dataSource={product.files}
        locale={{ emptyText: t('admin.inventory.noAttachments') }}
        renderItem={(file) => (
          <List.Item
            actions={[
              <Button
                key="download"
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                aria-label={t('admin.inventory.download')}
                onClick={() =>
                  void downloadFile(
                    fill(STAFF_ATTACHMENT_PATH, { id: product.id }),
                    { path: file.path },
                    file.name,
                  ).catch((error: unknown) =>
                    message.error(error instanceof Error ? error.message : String(error)),
                  )
                }
              />,
              <Popconfirm
                key="remove"
                title={t('admin.inventory.removeConfirm')}
                onConfirm={() => void removeAttachment(file.path)}
              >
                <Button type="link" danger size="small">
                  {t('admin.inventory.remove')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <FilePdfOutlined /> <span className="inventory-file-name">{file.name}</span>
          </List.Item>
        )}
      />
      <Upload
        accept="application/pdf"
        showUploadList={false}
        beforeUpload={(file) => {
          void send('attachment', file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('admin.inventory.uploadAttachment')}
        </Button>
      </Upload>
    </div>
  );
}

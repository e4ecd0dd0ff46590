import { Image } from 'antd';

/**
 * antd's picture preview (zoom, rotate, Escape to close) for one big picture, opened by the
 * Thumbnail's button; the Image itself is not shown (the button shows the small picture).
 */
export default function PicturePreview({
  src,
  alt,
  open,
  onClose,
}: {
  src: string;
  alt: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Image
      classNames={{ root: 'picture-preview-source' }}
      src={src}
      alt={alt}
      preview={{
        open,
        onOpenChange: (next) => {
          if (!next) onClose();
        },
      }}
    />
  );
}

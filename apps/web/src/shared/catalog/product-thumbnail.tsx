import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assetUrl, bigPictureUrl } from '@shared/api/asset-url';
import { onDemand, useOnDemandShown } from '@shared/ui/on-demand';

export const THUMB_SIZE = 48;

/** antd's Image and its preview, loaded with the first click on a picture (shared by every row). */
const PicturePreview = onDemand(() => import('./picture-preview'));

/**
 * Fixed width and height so rows do not jump while pictures arrive. A click opens the big
 * picture of spec §7 (`/Product/ProductBigId/{id}`) in antd's preview (issue 17 item 9).
 * The catalogue's rows and the cart's lines and cards (the cart passes the line's product id).
 *
 * A plain `<img>`, not antd's Image (issue 18): rc-image checks every picture with a second,
 * detached image that loads at once, so `loading="lazy"` did nothing — each card on a phone
 * fetched its picture with the page's own files — and the check cost a long task when the
 * cart's cards mounted. The preview's code comes with the first click.
 */
export function Thumbnail({ row }: { row: { id: number; pic: string; number: string } }) {
  const { t } = useTranslation();
  // Once opened, the preview stays mounted (closed), so its closing animation can run. Its code
  // could not come (no connection): the toast says so, the page stays, the next click asks again.
  const [open, setOpen] = useState(false);
  const shown = useOnDemandShown(PicturePreview, open, () => setOpen(false));
  return (
    // The catalogue's rows open the detail page on click; the picture (and its preview, a portal
    // whose React events still bubble through here) must not.
    <span className="product-thumb-cell" onClick={(event) => event.stopPropagation()}>
      <button
        type="button"
        className="product-thumb-image"
        aria-label={t('catalog.enlargePicture', { number: row.number })}
        onClick={() => setOpen(true)}
      >
        <img
          className="product-thumb"
          src={assetUrl(row.pic)}
          alt={row.number}
          width={THUMB_SIZE}
          height={THUMB_SIZE}
          loading="lazy"
          decoding="async"
        />
      </button>
      {shown && (
        <PicturePreview
          src={bigPictureUrl(row.id)}
          alt={row.number}
          open={open}
          onClose={() => setOpen(false)}
        />
      )}
    </span>
  );
}

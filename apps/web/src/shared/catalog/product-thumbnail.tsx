import { Image } from 'antd';
import { assetUrl, bigPictureUrl } from '@shared/api/asset-url';

export const THUMB_SIZE = 48;

/**
 * Fixed width and height so rows do not jump while pictures arrive. A click opens the big
 * picture of spec §7 (`/Product/ProductBigId/{id}`) in antd's preview (issue 17 item 9).
 * The catalogue's rows and the cart's lines and cards (the cart passes the line's product id).
 */
export function Thumbnail({ row }: { row: { id: number; pic: string; number: string } }) {
  return (
    // The catalogue's rows open the detail page on click; the picture (and its preview, a portal
    // whose React events still bubble through here) must not.
    <span className="product-thumb-cell" onClick={(event) => event.stopPropagation()}>
      <Image
        classNames={{ root: 'product-thumb-image', image: 'product-thumb' }}
        src={assetUrl(row.pic)}
        alt={row.number}
        width={THUMB_SIZE}
        height={THUMB_SIZE}
        loading="lazy"
        decoding="async"
        // No hover cover: at 48 px its icon and text would hide the picture; the cursor says it.
        preview={{ src: bigPictureUrl(row.id), cover: null }}
      />
    </span>
  );
}

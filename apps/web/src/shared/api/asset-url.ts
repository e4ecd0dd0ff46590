import { COOKIE, getCookie } from '../cookies';
import { getStaticConfig } from './static-config';

/**
 * Pictures and downloads are opened by <img>/<a>, which cannot send the Token header; the
 * server accepts the token in the query for these links only (brief §5).
 */
export function assetUrl(relativePath: string): string {
  const token = getCookie(COOKIE.token) ?? '';
  const joiner = relativePath.includes('?') ? '&' : '?';
  return `${getStaticConfig().apiUrl}${relativePath}${joiner}token=${encodeURIComponent(token)}`;
}

/** Attachment link: the server refuses any path outside the product files. */
export function downloadUrl(path: string): string {
  return assetUrl(`/Product/DownloadFile?path=${encodeURIComponent(path)}`);
}

/** Spec §7's big-picture call, `GET /Product/ProductBigId/{id}` (the first big picture). */
export function bigPictureUrl(productId: number): string {
  return assetUrl(`/Product/ProductBigId/${productId}`);
}

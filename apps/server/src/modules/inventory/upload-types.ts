/**
 * What an uploaded file is, told by its first bytes (its name and the browser's content type
 * are the uploader's claims and prove nothing): a "photo.jpg" that is text is refused.
 */
export type PictureType = 'jpg' | 'png' | 'webp';

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

export function detectPicture(data: Buffer): PictureType | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF <size> WEBP
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return undefined;
}

export const PICTURE_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** `%PDF-` within the first 1024 bytes, as PDF readers accept it. */
export function detectAttachment(data: Buffer): boolean {
  return data.subarray(0, 1024).includes(Buffer.from('%PDF-'));
}

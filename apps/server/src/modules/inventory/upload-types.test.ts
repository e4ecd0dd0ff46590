import { describe, expect, it } from 'vitest';
import { detectAttachment, detectPicture } from './upload-types';

describe('upload types by content', () => {
  it('tells JPEG, PNG and WebP by their first bytes', () => {
    expect(detectPicture(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpg');
    expect(detectPicture(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBe('png');
    expect(detectPicture(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
  });

  it('refuses text, SVG, GIF, a RIFF that is not WebP and a truncated header', () => {
    for (const data of [
      Buffer.from('just text'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('GIF89a'),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'),
      Buffer.from([0xff, 0xd8]),
      Buffer.alloc(0),
    ])
      expect(detectPicture(data)).toBeUndefined();
  });

  it('takes a PDF by %PDF- in its first KB only', () => {
    expect(detectAttachment(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(detectAttachment(Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from('%PDF-1.4')]))).toBe(true);
    expect(detectAttachment(Buffer.concat([Buffer.alloc(2000, 0x20), Buffer.from('%PDF-1.4')]))).toBe(false);
    expect(detectAttachment(Buffer.from('MZ\x90\x00'))).toBe(false);
  });
});

import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go as they are: below ~1 KB the headers outweigh the saving. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compressed answers (issue 18 item 3): JSON, HTML and text above 1 KB in Brotli or gzip, as the
 * request's Accept-Encoding prefers. Brotli at quality 4, not its default 11: on a catalogue
 * answer (~16 KiB) quality 11 costs tens of milliseconds, far more than the search; 4 costs a
 * fraction of a millisecond for ~10× smaller answers (docs/PERFORMANCE.md, "compression").
 * Installed in the API scopes only (app.ts, integration-api.ts): the built web files come
 * precompressed (.br/.gz) from web-hosting.ts; pictures and PDFs are not compressible types.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    // Request bodies stay as sent: a compressed upload would slip past the body limits.
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // zstd (Node 22+) is left out: the same answers on every runtime, and browsers send br.
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
}

/**
 * Answer encoding (plugin `compression`): brotli or gzip by Accept-Encoding for answers over
 * 1 KiB (docs/PERFORMANCE.md), with Vary: Accept-Encoding, brotli at quality 4 (per-request
 * compression must stay cheap next to the cached answer); an ETag on every string answer and
 * `304` for a matching If-None-Match. Cached answers bring their own precomputed ETag
 * (src/lib/cached-answers.ts), which @fastify/etag keeps.
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await app.register(etag);
  },
  { name: 'compression' },
);

/**
 * Replies over 1 KB travel compressed (brotli or gzip, whichever the client prefers) when it says it accepts
 * one: order lists and reports' JSON shrink to a tenth, which is most of their time on a slow connection.
 *
 * What stays as it is:
 * - xlsx workbooks and PDFs (lib/downloads.ts): already compressed formats (a zip, deflate streams), so a
 *   second pass costs CPU for nothing; streamed workbooks keep streaming untouched;
 * - Server-Sent Events (none today): a compressor buffers, and an event must leave when it is written;
 * - the web app's files: @fastify/static sends the build's .br/.gz twins (plugins/web.ts) with their own
 *   Content-Encoding, which this plugin leaves alone; images and fonts are compressed formats already.
 * Request bodies are not decompressed: no client sends them so, and a compressed upload is a size the body
 * limit cannot see until it is inflated.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Text formats worth compressing. Any other type is compressed only if mime-db calls it compressible (the
 * plugin asks it next), which xlsx, PDF, zip, octet-stream, images and fonts are not.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.-]+\+)?(?:json|xml|javascript))\s*(?:;|$)/i;

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
});

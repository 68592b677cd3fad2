import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveTopic } from '../../../shared/live';
import type { LiveHub } from '../live/live-hub';
import { CACHE_MAX_AGE_MS, CachedValue } from './cached-value';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const compressors: Record<Encoding, (body: string) => Promise<Buffer>> = {
  // Quality 5: a few milliseconds per 100 kB, within a few percent of quality 11 on JSON.
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => promisify(gzip)(body),
};

/** How the cached value becomes the answer's body. */
interface BodyFormat<T> {
  type: string;
  write(value: T): string;
}

const JSON_BODY: BodyFormat<unknown> = { type: 'application/json; charset=utf-8', write: (value) => JSON.stringify(value) };
export const HTML_BODY: BodyFormat<string> = { type: 'text/html; charset=utf-8', write: (html) => html };

interface Representation {
  body: string;
  etag: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * A public list (or a page holding one) computed once and served from memory until a change
 * notice of its topic arrives (from this instance or another, through LISTEN/NOTIFY), and at
 * most CACHE_MAX_AGE_MS. Answers carry an ETag so a phone that already has the list gets a 304.
 *
 * The compressed bodies are kept too: compressing a 5,000-word wall on every request
 * would cost more than computing it once (see docs/performance.md). Setting
 * `content-encoding` here makes @fastify/compress leave the answer alone.
 */
export class CachedResponse<T = unknown> {
  private readonly representation: CachedValue<Representation>;

  constructor(
    hub: LiveHub,
    topics: LiveTopic[],
    compute: () => Promise<T>,
    now: () => number = Date.now,
    private readonly format: BodyFormat<T> = JSON_BODY,
  ) {
    this.representation = new CachedValue(
      hub,
      topics,
      async (): Promise<Representation> => {
        const body = format.write(await compute());
        return { body, etag: createHash('sha1').update(body).digest('base64url'), encoded: {} };
      },
      CACHE_MAX_AGE_MS,
      now,
    );
  }

  async send(request: FastifyRequest, reply: FastifyReply) {
    const representation = await this.representation.get();
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
    // Each encoding is its own representation, so it gets its own strong ETag.
    const etag = `"${representation.etag}${encoding ? `-${encoding}` : ''}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.type(this.format.type);
    if (!encoding) return reply.send(representation.body);
    const encoded = (representation.encoded[encoding] ??= compressors[encoding](representation.body));
    return reply.header('content-encoding', encoding).send(await encoded);
  }
}

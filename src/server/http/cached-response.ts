import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveTopic } from '../../shared/live';
import type { LiveHub } from '../features/live/live-hub';

/**
 * A public list computed once and served from memory until a change notice of its topic
 * arrives (from this instance or another, through LISTEN/NOTIFY). Answers carry an ETag
 * so a phone that already has the list gets a 304.
 */
export class CachedResponse {
  private current: Promise<{ body: string; etag: string }> | undefined;

  constructor(
    hub: LiveHub,
    topics: LiveTopic[],
    private readonly compute: () => Promise<unknown>,
  ) {
    hub.onNotice((notice) => {
      if (topics.includes(notice.topic)) this.current = undefined;
    });
  }

  private load() {
    if (!this.current) {
      const pending = this.compute().then((value) => {
        const body = JSON.stringify(value);
        return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      });
      // A failed computation must not stay cached.
      pending.catch(() => {
        if (this.current === pending) this.current = undefined;
      });
      this.current = pending;
    }
    return this.current;
  }

  async send(request: FastifyRequest, reply: FastifyReply) {
    const { body, etag } = await this.load();
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  }
}

import type { ServerResponse } from 'node:http';
import type { DatabaseHandle } from '../../db/connection';
import { LIVE_CHANNEL } from './announce';
import { isLiveTopic, type LiveNotice } from '../../../shared/live';

const HEARTBEAT_MS = 20_000;
// A client that stops reading (sleeping phone) must not make the server buffer forever.
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Relays database change notices to every open Server-Sent Events stream of this instance. */
export class LiveHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly listeners = new Set<(notice: LiveNotice) => void>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  async start(database: DatabaseHandle) {
    this.unlisten = await database.listen(LIVE_CHANNEL, (payload) => this.relay(payload));
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size() {
    return this.clients.size;
  }

  /** Server-side subscribers (caches) hear every notice, from any instance. */
  onNotice(listener: (notice: LiveNotice) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells this instance's server-side subscribers at once, after a commit: the NOTIFY
   * round trip would otherwise let the writer's next read hit a stale cache.
   */
  invalidate(topic: LiveNotice['topic']) {
    for (const listener of this.listeners) listener({ topic });
  }

  add(response: ServerResponse) {
    this.clients.add(response);
    response.on('close', () => this.clients.delete(response));
  }

  private relay(payload: string) {
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch {
      return;
    }
    if (!isLiveTopic(notice.topic)) return;
    for (const listener of this.listeners) listener(notice);
    this.broadcast(`event: ${notice.topic}\ndata: ${JSON.stringify(notice.data ?? null)}\n\n`);
  }

  private broadcast(chunk: string) {
    for (const client of this.clients) {
      if (client.writableLength > MAX_BUFFERED_BYTES) {
        client.destroy();
        continue;
      }
      client.write(chunk);
    }
  }

  async close() {
    clearInterval(this.heartbeat);
    await this.unlisten?.();
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}

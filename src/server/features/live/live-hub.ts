import type { ServerResponse } from 'node:http';
import type { DatabaseHandle } from '../../db/connection';
import { LIVE_CHANNEL } from './announce';
import { isLiveTopic, LIVE_TOPICS, type LiveNotice, type LiveTopic } from '../../../shared/live';

const HEARTBEAT_MS = 20_000;
const HEARTBEAT = Buffer.from(': ping\n\n');
// A client that stops reading (sleeping phone) must not make the server buffer forever.
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Relays database change notices to the open Server-Sent Events streams that follow their topic. */
export class LiveHub {
  /** Every open stream: all get heartbeats, and all are ended at shutdown. */
  private readonly clients = new Set<ServerResponse>();
  /** The streams of each topic, so a notice costs only the pages that show what changed. */
  private readonly followers = new Map(LIVE_TOPICS.map((topic) => [topic, new Set<ServerResponse>()]));
  private readonly listeners = new Set<(notice: LiveNotice) => void>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  async start(database: DatabaseHandle) {
    this.unlisten = await database.listen(LIVE_CHANNEL, (payload) => this.relay(payload));
    this.heartbeat = setInterval(() => this.broadcast(HEARTBEAT, this.clients), HEARTBEAT_MS);
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

  add(response: ServerResponse, topics: Iterable<LiveTopic>) {
    const followed = [...new Set(topics)].flatMap((topic) => this.followers.get(topic) ?? []);
    this.clients.add(response);
    for (const streams of followed) streams.add(response);
    response.on('close', () => {
      this.clients.delete(response);
      for (const streams of followed) streams.delete(response);
    });
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
    const followers = this.followers.get(notice.topic);
    if (!followers?.size) return;
    // Encoded once for all streams: writing a string would encode it again per socket.
    this.broadcast(Buffer.from(`event: ${notice.topic}\ndata: ${JSON.stringify(notice.data ?? null)}\n\n`), followers);
  }

  private broadcast(chunk: Buffer, streams: Set<ServerResponse>) {
    for (const client of streams) {
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
    for (const streams of this.followers.values()) streams.clear();
  }
}

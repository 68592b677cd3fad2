import type { ServerResponse } from 'node:http';
import type { DatabaseHandle } from '../db/connection';
import { LIVE_CHANNEL, readNotice } from './announce';
import { ADMIN_LIVE_TOPICS, LIVE_TOPICS, type LiveNotice, type LiveTopic } from '../../../shared/live';

const HEARTBEAT_MS = 20_000;
const HEARTBEAT = Buffer.from(': ping\n\n');
// A client that stops reading (sleeping phone) must not make the server buffer forever.
const MAX_BUFFERED_BYTES = 256 * 1024;
/**
 * Each notice makes every page that follows its topic refetch, so pages hear of a topic at
 * most once in this interval (decision 0013): the first notice goes out at once, and the
 * notices that follow it within the interval go out as one when it ends.
 */
export const NOTICE_INTERVAL_MS = 1000;

/** A topic whose last notice went out less than NOTICE_INTERVAL_MS ago. */
interface QuietTopic {
  timer: NodeJS.Timeout;
  /** The latest notice heard since, owed to the streams when the interval ends. */
  owed: LiveNotice | undefined;
}

/** Relays database change notices to the open Server-Sent Events streams that follow their topic. */
export class LiveHub {
  /**
   * Every open stream, with what takes it out of the hub's sets: all get heartbeats, and
   * all are ended at shutdown.
   */
  private readonly clients = new Map<ServerResponse, () => void>();
  /** The streams of each topic, so a notice costs only the pages that show what changed. */
  private readonly followers = new Map(LIVE_TOPICS.map((topic) => [topic, new Set<ServerResponse>()]));
  /** The streams of each signed-in member, ended when the member loses rights. */
  private readonly memberStreams = new Map<string, Set<ServerResponse>>();
  /** The streams of each session, ended with the session (signed out, ended from another one…). */
  private readonly sessionStreams = new Map<string, Set<ServerResponse>>();
  private readonly listeners = new Set<(notice: LiveNotice) => void>();
  private readonly quiet = new Map<LiveTopic, QuietTopic>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  async start(database: DatabaseHandle) {
    this.unlisten = await database.listen(
      LIVE_CHANNEL,
      (payload) => this.relay(payload),
      () => this.resume(),
    );
    this.heartbeat = setInterval(() => this.broadcast(HEARTBEAT, this.clients.keys()), HEARTBEAT_MS);
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

  /** Follows `topics` on an open stream; `session` is the signed-in session that opened it, if any. */
  add(response: ServerResponse, topics: Iterable<LiveTopic>, session?: { id: string; userId: string }) {
    const followed = [...new Set(topics)].flatMap((topic) => this.followers.get(topic) ?? []);
    const owners: [Map<string, Set<ServerResponse>>, string][] = session
      ? [
          [this.memberStreams, session.userId],
          [this.sessionStreams, session.id],
        ]
      : [];
    for (const [streams, key] of owners) {
      const own = streams.get(key) ?? new Set();
      streams.set(key, own);
      followed.push(own);
    }
    for (const streams of followed) streams.add(response);
    const forget = () => {
      this.clients.delete(response);
      for (const streams of followed) streams.delete(response);
      for (const [streams, key] of owners) if (streams.get(key)?.size === 0) streams.delete(key);
    };
    this.clients.set(response, forget);
    response.on('close', forget);
  }

  /** Ends a stream, out of every set at once: nothing may be written to it after its end. */
  end(response: ServerResponse) {
    this.clients.get(response)?.();
    response.end();
  }

  /**
   * Ends the open streams of a member or of a session, on this instance. Their page reconnects
   * by itself and /api/live then decides again from the account as it is now (public topics,
   * 401 or 403).
   */
  private endStreamsOf(owners: Map<string, Set<ServerResponse>>, key: string) {
    for (const response of [...(owners.get(key) ?? [])]) this.end(response);
  }

  /**
   * After LISTEN was lost and came back: the notices sent meanwhile by other instances are
   * lost. Every topic may have changed, so caches are dropped and open pages refetch; and
   * any member may have lost a role, so streams that follow a staff topic end (they
   * reconnect, and their rights are checked again).
   */
  private resume() {
    for (const topic of LIVE_TOPICS) this.relayNotice({ topic });
    const staffStreams = new Set(ADMIN_LIVE_TOPICS.flatMap((topic) => [...(this.followers.get(topic) ?? [])]));
    for (const response of staffStreams) this.end(response);
  }

  private relay(payload: string) {
    const notice = readNotice(payload);
    if (!notice) return;
    if ('lostRights' in notice) this.endStreamsOf(this.memberStreams, notice.lostRights);
    else if ('endedSession' in notice) this.endStreamsOf(this.sessionStreams, notice.endedSession);
    else this.relayNotice(notice);
  }

  private relayNotice(notice: LiveNotice) {
    // Caches hear every notice: their invalidation is cheap and must never lag.
    for (const listener of this.listeners) listener(notice);
    const quiet = this.quiet.get(notice.topic);
    if (quiet) quiet.owed = notice;
    else this.fanOut(notice);
  }

  /**
   * Sends a notice to the streams of its topic, then keeps the topic quiet for an interval.
   * Coalescing here rather than where notices are sent covers the notices of every instance.
   * The data of the notices folded into one is dropped but the latest's: pages use none.
   */
  private fanOut(notice: LiveNotice) {
    const quiet: QuietTopic = {
      owed: undefined,
      timer: setTimeout(() => {
        this.quiet.delete(notice.topic);
        if (quiet.owed) this.fanOut(quiet.owed);
      }, NOTICE_INTERVAL_MS).unref(),
    };
    this.quiet.set(notice.topic, quiet);
    const followers = this.followers.get(notice.topic);
    if (!followers?.size) return;
    // Encoded once for all streams: writing a string would encode it again per socket.
    this.broadcast(Buffer.from(`event: ${notice.topic}\ndata: ${JSON.stringify(notice.data ?? null)}\n\n`), followers);
  }

  private broadcast(chunk: Buffer, streams: Iterable<ServerResponse>) {
    for (const client of streams) {
      if (client.writableLength > MAX_BUFFERED_BYTES) {
        this.clients.get(client)?.();
        client.destroy();
        continue;
      }
      client.write(chunk);
    }
  }

  async close() {
    clearInterval(this.heartbeat);
    await this.unlisten?.();
    for (const { timer } of this.quiet.values()) clearTimeout(timer);
    this.quiet.clear();
    for (const client of this.clients.keys()) client.end();
    this.clients.clear();
    for (const streams of this.followers.values()) streams.clear();
    this.memberStreams.clear();
    this.sessionStreams.clear();
  }
}

import { useEffect, useRef } from 'react';
import { LIVE_TOPICS, type LiveTopic } from '../../../shared/live';

type Handler = () => void;

/**
 * One EventSource for the whole page, shared by every component that follows a topic, and
 * asking the server for those topics only. Notices sent while no stream was open are lost,
 * so when a stream opens, the subscribers of every topic the previous one carried are called
 * once (after a cut, that is all of them); a topic that just joined has just loaded.
 */
const subscribers = new Map<LiveTopic, Set<Handler>>();
let source: EventSource | undefined;
/** The topics of the open stream, or of the one a retry will open; empty when none. */
let streamTopics: LiveTopic[] = [];
/** The topics the last open stream carried, cleared when the page stops following any. */
let heard = new Set<LiveTopic>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 1000;
let syncQueued = false;

function connect() {
  retryTimer = undefined;
  const topics = streamTopics;
  const stream = new EventSource(`/api/live?topics=${topics.join(',')}`);
  source = stream;
  stream.onopen = () => {
    retryDelay = 1000;
    for (const topic of topics) if (heard.has(topic)) subscribers.get(topic)?.forEach((handler) => handler());
    heard = new Set(topics);
  };
  stream.onerror = () => {
    // EventSource retries by itself unless the stream is CLOSED (server down or non-200).
    if (stream.readyState !== EventSource.CLOSED) return;
    source = undefined;
    retryTimer = setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30_000);
  };
  for (const topic of topics) {
    stream.addEventListener(topic, () => subscribers.get(topic)?.forEach((handler) => handler()));
  }
}

/** Reopens the stream if the followed topics changed since it was opened. */
function sync() {
  syncQueued = false;
  const topics = LIVE_TOPICS.filter((topic) => subscribers.has(topic));
  if (topics.join() === streamTopics.join()) return;
  source?.close();
  source = undefined;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  streamTopics = topics;
  if (topics.length > 0) connect();
  else heard = new Set();
}

/** Every component of a commit subscribes in turn: the stream is reopened once, after them all. */
function queueSync() {
  if (syncQueued) return;
  syncQueued = true;
  queueMicrotask(sync);
}

function subscribe(topic: LiveTopic, handler: Handler) {
  let set = subscribers.get(topic);
  if (!set) {
    set = new Set();
    subscribers.set(topic, set);
  }
  set.add(handler);
  queueSync();
  return () => {
    set.delete(handler);
    if (set.size === 0) subscribers.delete(topic);
    queueSync();
  };
}

/** Calls `onChange` whenever the server announces a change of `topic` (and after a reconnect). */
export function useLive(topic: LiveTopic, onChange: Handler) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => subscribe(topic, () => latest.current()), [topic]);
}

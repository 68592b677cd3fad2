import { useEffect, useRef } from 'react';
import { LIVE_TOPICS, type LiveTopic } from '../../shared/live';

type Handler = () => void;

/**
 * One EventSource for the whole page, shared by every component that follows a topic.
 * When the stream comes back after a cut, every subscriber is called once, because notices
 * sent while it was away are lost.
 */
const subscribers = new Map<LiveTopic, Set<Handler>>();
let source: EventSource | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 1000;
let wasOpen = false;

function connect() {
  retryTimer = undefined;
  source = new EventSource('/api/live');
  source.onopen = () => {
    retryDelay = 1000;
    if (wasOpen) for (const set of subscribers.values()) for (const handler of set) handler();
    wasOpen = true;
  };
  source.onerror = () => {
    // EventSource retries by itself unless the stream is CLOSED (server down or non-200).
    if (source?.readyState !== EventSource.CLOSED) return;
    source = undefined;
    retryTimer = setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30_000);
  };
  for (const topic of LIVE_TOPICS) {
    source.addEventListener(topic, () => subscribers.get(topic)?.forEach((handler) => handler()));
  }
}

function subscribe(topic: LiveTopic, handler: Handler) {
  let set = subscribers.get(topic);
  if (!set) {
    set = new Set();
    subscribers.set(topic, set);
  }
  set.add(handler);
  if (!source && !retryTimer) connect();
  return () => {
    set.delete(handler);
    if (set.size === 0) subscribers.delete(topic);
    if (subscribers.size === 0) {
      source?.close();
      source = undefined;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      wasOpen = false;
    }
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

// The browser's EventSource for component tests (happy-dom has none); never imported by the app.
import { vi } from 'vitest';

/** Records the streams a page opens, and plays the server's events on them. */
export class FakeEventSource {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  /** Open; a test sets CLOSED to play a server that ended the stream for good. */
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  /** Whether the page closed it. */
  closed = false;
  private readonly listeners = new Map<string, (() => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  /** An event of `type` on this stream. */
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }

  /** An event of `type` on every stream the page still has open. */
  static emit(type: string) {
    for (const source of FakeEventSource.instances) if (!source.closed) source.emit(type);
  }
}

/** Puts FakeEventSource in place of EventSource, with no stream opened yet. */
export function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

// Helpers for this folder's component tests (never imported by the app).
import { vi } from 'vitest';

/** Stands in for the browser's EventSource (happy-dom has none); `emit` plays a server event. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static readonly CLOSED = 2;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (() => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  static emit(type: string) {
    for (const source of FakeEventSource.instances) if (source.readyState !== FakeEventSource.CLOSED) source.listeners.get(type)?.forEach((listener) => listener());
  }
}

export function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

import { vi } from 'vitest';

/** A stand-in for the browser's EventSource (jsdom has none): tests open, send and see what the app opened. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  isClosed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.opened.push(this);
  }

  /** The server accepted the stream (again, after a reconnect). */
  open(): void {
    this.onopen?.(new Event('open'));
  }

  send(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }

  close(): void {
    this.isClosed = true;
  }

  /** The streams still open at `url`. */
  static at(url: string): FakeEventSource[] {
    return FakeEventSource.opened.filter((source) => source.url === url && !source.isClosed);
  }
}

/** Installs the fake for this test (setup.ts unstubs globals after each one). */
export function stubEventSource(): typeof FakeEventSource {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/**
 * The history state of an entry a page rewrites in place (a games-list filter): the app's
 * scroll-to-top leaves the page where the reader is (decision 031).
 */
export const keepScrollState = { keepScroll: true } as const;

export function isKeepScrollState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}

/**
 * Taking over a page the server rendered (docs/decisions/013). The page is already complete HTML:
 * links work as plain links, text and data are there. React is loaded and hydrated
 * - at once, for pages whose markup says so (`data-ssr="eager"`), or
 * - on the first sign of a user (a pointer over or down, a key, a focus, an input, a scroll), so loading
 *   a page costs a phone no JavaScript work until someone uses it.
 * Until React has taken over, what the user does is held, not lost: values typed or picked are
 * kept and handed to the app's own handlers afterwards, and a click on a button or a link to
 * another page of the app, or a form submission, waits and is replayed. A form never submits
 * natively (nothing leaks into a URL), and a link never starts a page load that the router,
 * setting up its history as it starts, would cancel.
 * A held tap is answered at once: the tapped control is marked busy and a bar with "Carregando..." shows
 * until the app replays it, so a phone on a slow connection never looks as if it ignored the tap.
 */
import { showBootFailure } from './boot-failure';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type HeldAction = { kind: 'click'; element: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

const startSignals = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change', 'scroll'] as const;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/** A plain left click on a link to another page of this app (not a new tab, a download or an anchor on this page). */
function isAppNavigation(link: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return false;
  return !(link.pathname === window.location.pathname && link.search === window.location.search && link.hash !== '');
}

/** Sets a field the way typing does, so React's change tracking sees it and calls onChange. */
function replayField(field: Field, value: string, checked: boolean): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== checked) field.click();
    return;
  }
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The id of the bar a held tap shows (also the hook for its styles in index.css). */
export const HELD_TAP_BAR_ID = 'held-tap';

/** Marks `element` busy and shows the bar at the top of the page; returns what undoes both. */
function showHeldTap(element: HTMLElement | null): () => void {
  element?.setAttribute('aria-busy', 'true');
  let bar = document.getElementById(HELD_TAP_BAR_ID);
  if (!bar) {
    bar = document.createElement('div');
    bar.id = HELD_TAP_BAR_ID;
    bar.setAttribute('role', 'status');
    const text = document.createElement('span');
    text.textContent = 'Carregando...';
    bar.append(text);
    // Outside #root: the markup React takes over stays the server's.
    document.body.append(bar);
  }
  return () => {
    element?.removeAttribute('aria-busy');
    document.getElementById(HELD_TAP_BAR_ID)?.remove();
  };
}

let onTakenOver: (() => void) | null = null;

/** Called by the app (app/root.tsx) once it has drawn or hydrated its first page. */
export function appTookOver(): void {
  const callback = onTakenOver;
  onTakenOver = null;
  callback?.();
}

/**
 * Holds the user's input on `container` until `hydrate` has run and the app has taken over
 * (`appTookOver`), then replays it. `eager` starts at once; otherwise on the first interaction.
 * If `hydrate` fails (React's own chunk did not load), the hold ends and the boot error shows.
 */
export function takeOverServerPage(container: HTMLElement, options: { eager: boolean; hydrate: () => Promise<void> }): void {
  const fields = new Map<Field, { value: string; checked: boolean }>();
  const actions: HeldAction[] = [];
  const pending: (() => void)[] = [];

  const onFieldChange = (event: Event) => {
    if (isField(event.target) && container.contains(event.target)) {
      fields.set(event.target, { value: event.target.value, checked: event.target instanceof HTMLInputElement && event.target.checked });
    }
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"], a[href]') : null;
    if (!target || !container.contains(target)) return;
    if (target instanceof HTMLAnchorElement && !isAppNavigation(target, event)) return;
    event.preventDefault();
    event.stopPropagation();
    actions.push({ kind: 'click', element: target });
    pending.push(showHeldTap(target));
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    actions.push({ kind: 'submit', form: event.target, submitter: event.submitter });
    pending.push(showHeldTap(event.submitter));
  };

  document.addEventListener('input', onFieldChange, true);
  document.addEventListener('change', onFieldChange, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);

  const stopHolding = () => {
    document.removeEventListener('input', onFieldChange, true);
    document.removeEventListener('change', onFieldChange, true);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    for (const undo of pending.splice(0)) undo();
  };

  onTakenOver = () => {
    stopHolding();
    for (const [field, { value, checked }] of fields) if (field.isConnected) replayField(field, value, checked);
    for (const action of actions) {
      if (action.kind === 'click') {
        if (action.element.isConnected) action.element.click();
      } else if (action.form.isConnected) {
        const submitter = action.submitter?.isConnected && action.submitter.closest('form') === action.form ? action.submitter : null;
        action.form.requestSubmit(submitter);
      }
    }
  };

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of startSignals) window.removeEventListener(type, start, true);
    options.hydrate().catch(() => {
      // React itself did not load: nothing will take over, so the page must answer on its own again.
      onTakenOver = null;
      stopHolding();
      showBootFailure(container);
    });
  };
  if (options.eager) {
    start();
    return;
  }
  for (const type of startSignals) window.addEventListener(type, start, { capture: true, passive: true });
}

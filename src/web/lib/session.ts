import { useSyncExternalStore } from 'react';
import type { AuthReply, PublicUser } from '../../shared/schemas/auth';
import type { MeReply } from '../../shared/schemas/users';
import { httpMessages as messages } from '../../shared/http-messages';
import { api, setUnauthorizedHandler } from './api-client';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

/**
 * The signed-in user, shared by the whole app. It lives outside React (a tiny external store)
 * because the router is rebuilt for each login state (one route tree per state): whoever
 * signs in or out says where to land, and the next router starts there.
 */
export type SessionUser = PublicUser;
export type SessionStatus = 'loading' | 'ready';
export type SessionKind = 'visitor' | 'player' | 'admin';

type SessionState = { status: SessionStatus; user: SessionUser | null };

let state: SessionState = { status: 'loading', user: null };
const listeners = new Set<() => void>();
const signOutListeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): SessionState {
  return state;
}

/** The server renders pages as a visitor sees them; the browser hydrates them only without a stored token. */
const serverSnapshot: SessionState = { status: 'ready', user: null };
const getServerSnapshot = (): SessionState => serverSnapshot;

/** True when no token is stored, so the page the server rendered for a visitor is this user's page. */
export function isVisitorAtStart(): boolean {
  return readStorage(storageKeys.authToken) === null;
}

function toSessionUser(user: PublicUser | MeReply): SessionUser {
  return { id: user.id, name: user.name, email: user.email, phone: user.phone, role: user.role, credits: user.credits };
}

export function sessionKind(user: SessionUser | null): SessionKind {
  if (!user) return 'visitor';
  return user.role === 'admin' ? 'admin' : 'player';
}

/**
 * Puts `to` in the browser's address bar with react-router's history-state shape
 * (`{ usr, key, idx }`), so the router built for the new login state starts there and
 * `useLocation().state` carries `state`.
 */
function landOn(to: string, navigationState: unknown): void {
  const current = window.history.state as { idx?: number } | null;
  const idx = typeof current?.idx === 'number' ? current.idx + 1 : 0;
  window.history.pushState({ usr: navigationState, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
}

function fetchMe(): Promise<MeReply> {
  return api('GET /users/me', { ignoreUnauthorized: true });
}

let bootstrapping: Promise<void> | null = null;

/**
 * Resolves the stored token into a user once per session (the entry and the app both ask); a
 * failed lookup forgets the token. While a token is being resolved the session is loading.
 */
export function bootstrapSession(): Promise<void> {
  bootstrapping ??= (async () => {
    if (!readStorage(storageKeys.authToken)) {
      setState({ status: 'ready', user: null });
      return;
    }
    if (state.status !== 'loading') setState({ status: 'loading', user: null });
    try {
      const me = await fetchMe();
      setState({ status: 'ready', user: toSessionUser(me) });
    } catch {
      removeStorage(storageKeys.authToken);
      setState({ status: 'ready', user: null });
    }
  })();
  return bootstrapping;
}

/** Stores the token and user of a login, registration or Google sign-in, then lands on `to`. */
export function signIn(reply: AuthReply, to: string): void {
  writeStorage(storageKeys.authToken, reply.token);
  const user = toSessionUser(reply.user);
  if (sessionKind(user) !== sessionKind(state.user)) landOn(to, null);
  setState({ status: 'ready', user });
}

/**
 * Forgets tokens and user and lands on `to` (the login page unless told otherwise). The session
 * resolved at start ends with it: a later bootstrap resolves whatever token is stored by then.
 */
export function signOut(options: { to?: string; message?: string } = {}): void {
  removeStorage(storageKeys.authToken);
  removeStorage(storageKeys.googleToken);
  bootstrapping = null;
  landOn(options.to ?? '/login', options.message ? { message: options.message } : null);
  for (const listener of signOutListeners) listener();
  setState({ status: 'ready', user: null });
}

/** Runs on every sign-out (the app clears its query cache here). */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Replaces the user with a fresher copy (for example the one a save returned). */
export function updateSessionUser(user: PublicUser | MeReply): void {
  if (!state.user) return;
  setState({ ...state, user: toSessionUser(user) });
}

/** Fetches `/users/me` again (after credits, phone or registrations change). */
export async function refreshSessionUser(): Promise<void> {
  if (!state.user) return;
  const me = await api('GET /users/me');
  updateSessionUser(me);
}

setUnauthorizedHandler(() => {
  if (state.user || readStorage(storageKeys.authToken)) signOut({ message: messages.sessionExpired });
});

export function useSession(): SessionState & { kind: SessionKind; isAdmin: boolean } {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { ...snapshot, kind: sessionKind(snapshot.user), isAdmin: snapshot.user?.role === 'admin' };
}

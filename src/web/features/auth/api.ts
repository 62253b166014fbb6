import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AuthReply, ForgotBody, LoginBody, RegisterBody, ResetPasswordBody } from '../../../shared/schemas/auth';
import { api, hasErrorCode } from '../../lib/api-client';
import { safeNextPath } from '../../lib/next-path';
import { signIn } from '../../lib/session';
import { readStorage, removeStorage, storageKeys } from '../../lib/storage';

/** The account pages: a sign-in made on one of them goes elsewhere. */
const ACCOUNT_PAGES = ['/', '/login', '/register', '/forgot', '/forgot-password', '/reset-password'];

/**
 * Where a fresh sign-in lands: the page named by the sign-in page's own `?next=` (same site only),
 * else the signed-in page whose address the form stood in for (app/routes.tsx), else the private game
 * whose link was kept before login, else home. Read from the address bar so e-mail, registration and
 * Google sign-in all return the same way.
 */
export function takePostAuthDestination(): string {
  const { pathname, search } = window.location;
  const next = safeNextPath(new URLSearchParams(search).get('next'));
  if (next) return next;
  if (!ACCOUNT_PAGES.includes(pathname)) return `${pathname}${search}`;
  const inviteLink = readStorage(storageKeys.inviteLink);
  if (!inviteLink) return '/';
  removeStorage(storageKeys.inviteLink);
  return `/games/private/${encodeURIComponent(inviteLink)}`;
}

function startSession(reply: AuthReply): void {
  signIn(reply, takePostAuthDestination());
}

export function login(body: LoginBody) {
  return api('POST /auth/login', { body, anonymous: true, fallbackMessage: 'Erro ao fazer login' });
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: startSession });
}

export function register(body: RegisterBody) {
  return api('POST /auth/register', { body, anonymous: true, fallbackMessage: 'Erro ao registrar' });
}

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: startSession });
}

export function signInWithGoogle(credential: string) {
  return api('POST /auth/google', { body: { token: credential }, anonymous: true, fallbackMessage: 'Erro no login com Google' });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: signInWithGoogle, onSuccess: startSession });
}

export function requestPasswordReset(body: ForgotBody) {
  return api('POST /auth/forgot', { body, anonymous: true, fallbackMessage: 'Erro ao solicitar recuperação de senha' });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function resetPassword(body: ResetPasswordBody) {
  return api('POST /auth/reset-password', { body, anonymous: true, fallbackMessage: 'Erro ao redefinir senha' });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** Spec: an error naming an invalid or expired code marks the code expired. */
export function isExpiredCodeError(error: unknown): boolean {
  return hasErrorCode(error, 'reset_code_invalid');
}

export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: () => api('GET /auth/config', { anonymous: true }),
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}

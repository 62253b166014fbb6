import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { messages } from '../../../../shared/messages';
import { HYDRATE_AT_ONCE_ATTRIBUTE } from '../../../../shared/ssr';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuthConfig, useGoogleSignIn } from '../api';
import { OrDivider } from './auth-card';
import { loadGoogleIdentity } from '../google-identity';

/**
 * Google's own sign-in button, shown only when the server has a client id and this page's origin is
 * one the server lists (PUBLIC_URL's and GOOGLE_ALLOWED_ORIGINS: those registered with Google).
 * The credential goes to POST /api/auth/google.
 */
const neverChanges = () => () => {};

export function GoogleButton() {
  const config = useAuthConfig();
  const clientId = config.data?.googleClientId ?? null;
  const allowedOrigins = config.data?.googleAllowedOrigins;
  // The server renders as if the origin were allowed; the browser corrects it after hydrating.
  const isAuthorisedHost = useSyncExternalStore(
    neverChanges,
    () => allowedOrigins?.includes(window.location.origin) ?? false,
    () => true,
  );

  // Without Google there is no second way in: no "ou" divider either.
  if (!clientId) return null;
  return (
    <>
      <OrDivider />
      {isAuthorisedHost ? (
        <GoogleButtonFrame clientId={clientId} />
      ) : (
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">{messages.googleDomainNotAllowed}</p>
      )}
    </>
  );
}

function GoogleButtonFrame({ clientId }: { clientId: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const googleSignIn = useGoogleSignIn();
  const { mutate } = googleSignIn;

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((api) => {
        if (cancelled || !containerRef.current) return;
        api.initialize({
          client_id: clientId,
          auto_select: false,
          callback: (response) => {
            if (response.credential) mutate(response.credential);
          },
        });
        // 400 px as specified, narrower only when the screen is (Google's button cannot shrink itself).
        const width = Math.min(400, containerRef.current.clientWidth || 400);
        api.renderButton(containerRef.current, { theme: 'outline', size: 'large', width, locale: 'pt-BR' });
        setLoadState('ready');
      })
      .catch(() => {
        if (!cancelled) setLoadState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mutate]);

  return (
    // Google's script is loaded by an effect: a server-rendered page with this button hydrates at once.
    <div className="space-y-3" {...{ [HYDRATE_AT_ONCE_ATTRIBUTE]: '' }}>
      {loadState === 'loading' && (
        <div className="flex min-h-11 items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner /> Carregando login com Google...
        </div>
      )}
      {loadState === 'failed' && <Alert tone="error">Falha ao carregar Google Auth</Alert>}
      {googleSignIn.isPending && (
        <div className="flex items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner /> Entrando com Google...
        </div>
      )}
      {googleSignIn.isError && <Alert tone="error">{errorMessage(googleSignIn.error, 'Erro no login com Google')}</Alert>}
      <div ref={containerRef} className="flex max-w-full justify-center overflow-hidden" />
    </div>
  );
}

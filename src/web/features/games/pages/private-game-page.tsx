import { Lock } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { storageKeys, writeStorage } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePrivateGame } from '../api';
import { GameDetailsSkeleton, GameDetailsView, GameNotFound } from '../components/game-details';
import { RegistrationActions } from '../components/registration-actions';

/** A game opened by its private link: visitors see it and are sent to sign in; players apply with the link. */
export function PrivateGamePage() {
  const { privateLink = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const game = usePrivateGame(privateLink);
  useDocumentTitle(game.data?.name ?? 'Jogo privado');

  function enterToApply() {
    // Kept until the next sign-in, which brings the visitor back here.
    writeStorage(storageKeys.inviteLink, privateLink);
    navigate('/login');
  }

  if (game.error instanceof ApiError && game.error.status === 404) return <GameNotFound />;
  if (game.isPending) return <GameDetailsSkeleton />;
  if (game.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">Jogo privado</h1>
        <QueryError title="Erro ao carregar jogo privado" query={game} />
      </div>
    );
  }

  const actions = user ? (
    <RegistrationActions game={game.data} privateLink={privateLink} />
  ) : (
    <div className="space-y-3">
      <p className="text-slate-700 dark:text-slate-300">Entre na sua conta para se inscrever neste jogo.</p>
      <Button onClick={enterToApply} size="lg" fullWidth>
        Entrar para participar
      </Button>
    </div>
  );

  return (
    <div className="space-y-4">
      <Alert tone="info" title="Acesso por link privado" className="mx-auto max-w-5xl">
        <span className="inline-flex items-center gap-1">
          <Lock className="size-4" aria-hidden="true" />
          Este jogo não aparece no catálogo: só entra quem recebeu o link.
        </span>
      </Alert>
      <GameDetailsView game={game.data} actions={actions} />
    </div>
  );
}

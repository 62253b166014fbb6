import { Lock } from 'lucide-react';
import { placesOf, placesWording } from '../../../../shared/places-wording';
import { gamePhase, type GamePhase } from '../../../../shared/rules/game-timing';
import type { Game } from '../../../../shared/schemas/games';
import { hasNoPlaceLeft, isFull } from '../../../components/games/game-facts';
import { useNavigate, useParams } from 'react-router';
import { QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { hasErrorCode } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useLiveGamePlaces } from '../../../lib/queries/live-places';
import { useSession } from '../../../lib/session';
import { storageKeys, writeStorage } from '../../../lib/storage';
import { useDocumentTitle, useSharePreview } from '../../../lib/use-document-title';
import { usePrivateGame } from '../api';
import { GameDetailsSkeleton, GameDetailsView, GameNotFound } from '../components/game-details';
import { RegistrationActions } from '../components/registration-actions';
import { shareDescription } from './game-details-page';

/**
 * Spec (private game page): the places taken as a bar, and Ativo while it is ahead (the page's heading says Em andamento
 * or Encerrado after its start, GamePhaseBadge).
 */
function SlotsAndStatus({ game, phase }: { game: Game; phase: GamePhase }) {
  const { taken } = placesOf(game);
  return (
    <div className="mt-5 space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-semibold text-slate-700 dark:text-slate-300">{placesWording(game, new Date()).taken}</span>
        {phase === 'upcoming' && game.status === 'active' && <Badge tone="success">Ativo</Badge>}
      </div>
      <div
        role="progressbar"
        aria-label="Vagas ocupadas"
        aria-valuemin={0}
        aria-valuemax={game.totalSlots}
        aria-valuenow={taken}
        className="h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={cn('h-full rounded-full', hasNoPlaceLeft(game) ? 'bg-red-600' : 'bg-brand-600')}
          style={{ width: `${(taken / Math.max(game.totalSlots, 1)) * 100}%` }}
        />
      </div>
    </div>
  );
}

/** A game opened by its private link: visitors see it and are sent to sign in; players apply with the link. */
export function PrivateGamePage() {
  const { privateLink = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const game = usePrivateGame(privateLink);
  useLiveGamePlaces(game.data, privateLink);
  useDocumentTitle(game.data?.name ?? 'Jogo privado');
  // A private link pasted in WhatsApp previews the game too (decision 047): whoever holds the link may see it.
  useSharePreview(game.data ? { title: game.data.name, description: shareDescription(game.data) } : null);

  function enterToApply() {
    // Kept until the next sign-in, which brings the visitor back here.
    writeStorage(storageKeys.inviteLink, privateLink);
    navigate('/login');
  }

  if (hasErrorCode(game.error, 'game_not_found')) return <GameNotFound message={game.error.message} />;
  if (game.isPending) return <GameDetailsSkeleton />;
  if (game.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">Jogo privado</h1>
        <QueryError title="Erro ao carregar jogo privado" query={game} />
      </div>
    );
  }

  const phase = gamePhase(game.data.dateTime, new Date());
  const isInvolved = game.data.userRegistration?.isRegistered || game.data.userRegistration?.isOnWaitlist;
  // Spec: a full or started game offers no way in, to visitors and players alike (their own registration still shows).
  const closedLabel = isInvolved
    ? undefined
    : phase === 'in_progress'
      ? 'Jogo em andamento'
      : phase === 'ended'
        ? 'Jogo encerrado'
        : isFull(game.data)
          ? 'Vagas esgotadas'
          : undefined;
  const actions = closedLabel ? (
    <Button size="lg" fullWidth disabled>
      {closedLabel}
    </Button>
  ) : user ? (
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
      <GameDetailsView game={game.data} actions={actions} summary={<SlotsAndStatus game={game.data} phase={phase} />} />
    </div>
  );
}

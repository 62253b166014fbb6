import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { QueryError } from '../../../components/games/list-states';
import { SeriesMembership } from '../../../components/series/series-membership';
import { SignInActions } from '../../../components/sign-in-actions';
import { hasErrorCode } from '../../../lib/api-client';
import { placesWording } from '../../../../shared/places-wording';
import type { Game } from '../../../../shared/schemas/games';
import { formatBRL, formatLongDate, formatTime } from '../../../lib/format';
import { useLiveGamePlaces } from '../../../lib/queries/live-places';
import { useSeriesMembership } from '../../../lib/queries/series';
import { useSession } from '../../../lib/session';
import { useDocumentTitle, useSharePreview } from '../../../lib/use-document-title';
import { useGame } from '../api';
import { GameCancelledNotice, GameDetailsSkeleton, GameDetailsView, GameNotFound } from '../components/game-details';
import { GameMessages, readsGameMessages } from '../components/game-messages';
import { RegistrationActions } from '../components/registration-actions';
import { parseGameId } from '../game-id';
import { useCancelledCheckout } from '../use-cancelled-checkout';

/** The free places in the one wording (placesWording), or the open line; only the places taken once it started. */
function placesLeft(game: Game): string {
  const places = placesWording(game, new Date());
  if (places.free === undefined) return places.taken;
  return game.remainingSlots <= 0 ? 'Lotado: lista de espera aberta' : places.free;
}

/** The link preview's line: date, time, place, price and places left. */
export function shareDescription(game: Game): string {
  const place = [game.location, game.city?.name].filter(Boolean).join(', ');
  const price = game.price === 0 ? 'Gratuito' : formatBRL(game.price);
  return `${formatLongDate(game.dateTime, game.timeZone)} às ${formatTime(game.dateTime, game.timeZone)} · ${place} · ${price} · ${placesLeft(game)}`;
}

/** The game as a mensalista of its series sees it: the free member places are theirs to take as well. */
function withMemberPlaces(game: Game): Game {
  const free = game.memberPlacesFree ?? 0;
  if (free === 0) return game;
  const remainingSlots = game.remainingSlots + free;
  return { ...game, remainingSlots, availableSlots: remainingSlots, memberPlacesFree: 0 };
}

/** A game's page: players apply here; a visitor (a shared link, an e-mail) sees the game and signs in to come back. */
export function GameDetailsPage() {
  const gameId = parseGameId(useParams().gameId);
  const { user } = useSession();
  // Back from the payment page after "Cancelar": the place it held is freed, and said, so the tap is not met with silence.
  const cancelledCheckout = useCancelledCheckout(gameId, user !== null);
  const game = useGame(gameId);
  const membership = useSeriesMembership(user ? game.data?.seriesId : undefined);
  useLiveGamePlaces(game.data);
  useDocumentTitle(game.data?.name ?? 'Detalhes do jogo');
  useSharePreview(game.data ? { title: game.data.name, description: shareDescription(game.data) } : null);

  if (Number.isNaN(gameId) || hasErrorCode(game.error, 'game_not_found')) return <GameNotFound />;
  if (game.isPending) return <GameDetailsSkeleton />;
  if (game.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">Detalhes do jogo</h1>
        <QueryError title="Erro ao carregar dados do jogo" query={game} />
      </div>
    );
  }
  // A mensalista may take the places the series keeps for its members too (decision 046).
  const seen = membership.data?.isMember ? withMemberPlaces(game.data) : game.data;
  const isCancelled = seen.status === 'cancelled';
  const actions =
    isCancelled && !user ? (
      <GameCancelledNotice game={seen} />
    ) : user ? (
      <>
        {cancelledCheckout && <Alert tone={cancelledCheckout.tone}>{cancelledCheckout.text}</Alert>}
        <RegistrationActions game={seen} />
        {typeof seen.seriesId === 'number' && <SeriesMembership game={seen} />}
        {readsGameMessages(seen, user.id) && <GameMessages game={seen} />}
      </>
    ) : (
      <SignInActions back={`/apply/${seen.id}`}>Entre na sua conta ou crie uma para se inscrever neste jogo.</SignInActions>
    );
  return (
    <GameDetailsView
      game={seen}
      actions={actions}
      // A player reads "cancelled" beside their registration; the reason goes with the game's facts.
      summary={
        isCancelled && user && seen.cancelReason ? (
          <p className="mt-4 text-red-800 dark:text-red-300">Motivo do cancelamento: {seen.cancelReason}</p>
        ) : undefined
      }
    />
  );
}

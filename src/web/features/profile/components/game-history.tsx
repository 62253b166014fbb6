import { gamePhase } from '../../../../shared/rules/game-timing';
import type { HistoryGame } from '../../../../shared/schemas/users';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { RegistrationBadge, type RegistrationView } from '../../../components/games/registration-badge';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSection } from '../../../components/ui/page-section';
import { errorMessage } from '../../../lib/api-client';
import { useMyHistory } from '../../../lib/queries/me';
import { ProfileGameRow } from './profile-game-row';

/** How a game that has started ended for the player; one still being played is Em andamento. */
function outcome(game: HistoryGame): RegistrationView {
  if (game.registrationType === 'confirmed') return gamePhase(game.dateTime, new Date()) === 'in_progress' ? 'in_progress' : 'finished';
  if (game.registrationType === 'cancelled' && game.leftWaitlist) return 'left_waitlist';
  return game.registrationType;
}

/** "Jogos anteriores": every game the player signed up for that has started, latest first, older ones on request. */
export function GameHistory() {
  const history = useMyHistory();
  return (
    <PageSection id="profile-history" title="Jogos anteriores">
      {history.isPending ? (
        <ListSkeleton label="Carregando seus jogos anteriores..." count={1} />
      ) : history.isError && !history.data ? (
        <QueryError title="Erro ao carregar seus jogos anteriores" query={history} />
      ) : (
        <div className="space-y-3">
          {history.data.pages[0]?.games.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">Os jogos em que você se inscreveu aparecem aqui depois que começam.</p>
          ) : (
            <ul className="space-y-3">
              {history.data.pages.flatMap((page) =>
                page.games.map((game) => <ProfileGameRow key={game.id} game={game} badge={<RegistrationBadge status={outcome(game)} />} />),
              )}
            </ul>
          )}
          {history.isFetchNextPageError && (
            <Alert tone="error">{errorMessage(history.error, 'Erro ao carregar mais jogos anteriores.')}</Alert>
          )}
          {history.hasNextPage && (
            <Button variant="secondary" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
              {history.isFetchingNextPage ? 'Carregando...' : 'Ver jogos mais antigos'}
            </Button>
          )}
        </div>
      )}
    </PageSection>
  );
}

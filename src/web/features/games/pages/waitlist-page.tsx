import { Hourglass } from 'lucide-react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGame } from '../api';
import { GameSummary } from '../components/game-summary';
import { NextStepLinks } from '../components/next-step-links';
import { parseGameId } from '../game-id';

export function WaitlistPage() {
  useDocumentTitle('Lista de espera');
  const game = useGame(parseGameId(useParams().gameId));
  const position = game.data?.waitlistPosition;
  return (
    <div className="mx-auto w-full max-w-xl space-y-6 text-center">
      <Hourglass className="mx-auto size-14 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold sm:text-3xl">Adicionado à lista de espera</h1>
      <p className="text-slate-700 dark:text-slate-300">
        O jogo está lotado, mas você está na fila. Se abrir uma vaga, avisamos você por notificação e e-mail.
      </p>
      {position ? (
        <p className="text-xl font-bold">
          Posição na fila: <span className="tabular-nums">{position}</span>
        </p>
      ) : null}
      {game.isPending && game.fetchStatus !== 'idle' && <Skeleton className="h-32 w-full" />}
      {game.isError && <Alert tone="error">{errorMessage(game.error, 'Erro ao carregar jogo')}</Alert>}
      {game.data && <GameSummary game={game.data} />}
      <NextStepLinks
        steps={[
          { to: '/games', label: 'Ver outros jogos', isPrimary: true },
          { to: '/profile', label: 'Ver meu perfil' },
        ]}
      />
    </div>
  );
}

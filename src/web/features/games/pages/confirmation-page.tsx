import { CircleCheck } from 'lucide-react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGame } from '../api';
import { GameSummary } from '../components/game-summary';
import { NextStepLinks } from '../components/next-step-links';
import { outsidePaymentWarning } from '../components/registration-actions';
import { parseGameId } from '../game-id';

export function ConfirmationPage() {
  useDocumentTitle('Inscrição confirmada');
  const game = useGame(parseGameId(useParams().gameId));
  return (
    <div className="mx-auto w-full max-w-xl space-y-6 text-center">
      <CircleCheck className="mx-auto size-14 text-green-600 dark:text-green-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold sm:text-3xl">Inscrição realizada com sucesso!</h1>
      <p className="text-slate-700 dark:text-slate-300">Sua vaga está garantida. Bom jogo!</p>
      {game.isPending && game.fetchStatus !== 'idle' && <Skeleton className="h-32 w-full" />}
      {game.isError && <Alert tone="error">{errorMessage(game.error, 'Erro ao carregar jogo')}</Alert>}
      {game.data && (
        <>
          <GameSummary game={game.data} />
          {!game.data.usePlatformPayment && <Alert tone="warning">{outsidePaymentWarning}</Alert>}
        </>
      )}
      <NextStepLinks
        steps={[
          { to: '/profile', label: 'Ver meu perfil', isPrimary: true },
          { to: '/games', label: 'Ver mais jogos' },
        ]}
      />
    </div>
  );
}

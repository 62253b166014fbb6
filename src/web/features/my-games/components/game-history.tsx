import { History } from 'lucide-react';
import { historySentence } from '../../../../shared/game-history-wording';
import { QueryError } from '../../../components/games/list-states';
import { CopyButton } from '../../../components/ui/copy-button';
import { PageSection } from '../../../components/ui/page-section';
import { SkeletonStack } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useGameHistory, useGameListText } from '../game-history-api';

/** "Copiar lista": the list as it is pasted in WhatsApp (issue 44, item 6), read ahead so the tap copies at once. */
export function CopyListButton({ gameId }: { gameId: number }) {
  const list = useGameListText(gameId);
  if (!list.data) return null;
  return (
    <CopyButton
      text={list.data}
      size="lg"
      // After a change the list is read again: it copies the new one.
      disabled={list.isFetching}
      copied="Lista copiada"
      failed="Não foi possível copiar a lista. Tente de novo."
    >
      Copiar lista
    </CopyButton>
  );
}

/** "Histórico": what happened to the game and who did it, newest first (decision 075). */
export function GameHistory({ gameId }: { gameId: number }) {
  const history = useGameHistory(gameId);
  return (
    <PageSection id="history-title" title="Histórico" icon={<History className="size-5" aria-hidden="true" />}>
      {history.data ? (
        history.data.entries.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">Nada registrado ainda.</p>
        ) : (
          <ol className="space-y-3" aria-label="Histórico do jogo">
            {history.data.entries.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="border-l-2 border-slate-200 pl-3 dark:border-slate-700">
                <p className="break-words">{historySentence(entry)}</p>
                <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
                  <time dateTime={entry.at}>{formatDateTime(entry.at, history.data.timeZone)}</time>
                </p>
              </li>
            ))}
          </ol>
        )
      ) : history.isError ? (
        <QueryError title="Erro ao carregar o histórico" query={history} fallback="Erro ao carregar o histórico" />
      ) : (
        <SkeletonStack label="Carregando histórico..." bars={['h-10 w-full', 'h-10 w-full']} className="space-y-3" />
      )}
    </PageSection>
  );
}

import { Megaphone } from 'lucide-react';
import { gameMessageTexts } from '../../../../shared/game-message-texts';
import type { Game } from '../../../../shared/schemas/games';
import { QueryError } from '../../../components/games/list-states';
import { PageSection } from '../../../components/ui/page-section';
import { SkeletonStack } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useGameMessages } from '../game-messages-api';

/** Whether the viewer reads the game's avisos: its players (a place or the waitlist) and its organiser. */
export const readsGameMessages = (game: Game, userId: number | undefined): boolean =>
  userId !== undefined && (game.creator.id === userId || (!!game.registrationType && game.registrationType !== 'cancelled'));

/** "Avisos": what the game's organiser sent its players, newest first, as plain text (decision 077). */
export function GameMessages({ game }: { game: Game }) {
  const messages = useGameMessages(game.id, true);
  if (messages.data && messages.data.messages.length === 0) return null;
  return (
    <PageSection id="messages-title" title={gameMessageTexts.title} icon={<Megaphone className="size-5" aria-hidden="true" />}>
      {messages.data ? (
        <ol className="space-y-3" aria-label="Avisos do jogo">
          {messages.data.messages.map((message) => (
            <li key={message.id} className="rounded-lg border-l-4 border-amber-400 bg-amber-50 p-3 dark:bg-slate-800">
              <p className="text-sm font-semibold">Aviso de {message.sender.name}</p>
              <p className="break-words whitespace-pre-line">{message.text}</p>
              <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, game.timeZone)}</time>
              </p>
            </li>
          ))}
        </ol>
      ) : messages.isError ? (
        <QueryError title="Erro ao carregar os avisos" query={messages} fallback="Erro ao carregar os avisos" />
      ) : (
        <SkeletonStack label="Carregando avisos..." bars={['h-10 w-full']} className="space-y-3" />
      )}
    </PageSection>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { avisoTexts } from '../../../shared/game-message-texts';
import type { GroupMessage } from '../../../shared/schemas/game-messages';
import { formatDateTime } from '../../lib/format';
import { QueryError } from '../games/list-states';
import { PageSection } from '../ui/page-section';
import { SkeletonStack } from '../ui/spinner';

/**
 * "Avisos": what whoever runs a game or a turma sent, newest first, each with its sender and when, the text as plain
 * text with its lines kept (decisions 077, 078). With no `whenEmpty`, no aviso shows no section.
 */
export function AvisoList({
  query,
  label,
  timeZone,
  whenEmpty,
}: {
  query: UseQueryResult<{ messages: GroupMessage[] }>;
  /** The list's accessible name ("Avisos do jogo"). */
  label: string;
  /** Whose clocks tell when each was sent. */
  timeZone: string;
  whenEmpty?: string;
}) {
  if (query.data?.messages.length === 0 && whenEmpty === undefined) return null;
  return (
    <PageSection id="messages-title" title={avisoTexts.title} icon={<Megaphone className="size-5" aria-hidden="true" />}>
      {query.data ? (
        query.data.messages.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{whenEmpty}</p>
        ) : (
          <ol className="space-y-3" aria-label={label}>
            {query.data.messages.map((message) => (
              <li key={message.id} className="rounded-lg border-l-4 border-amber-400 bg-amber-50 p-3 dark:bg-slate-800">
                <p className="text-sm font-semibold">Aviso de {message.sender.name}</p>
                <p className="break-words whitespace-pre-line">{message.text}</p>
                <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, timeZone)}</time>
                </p>
              </li>
            ))}
          </ol>
        )
      ) : query.isError ? (
        <QueryError title="Erro ao carregar os avisos" query={query} fallback="Erro ao carregar os avisos" />
      ) : (
        <SkeletonStack label="Carregando avisos..." bars={['h-10 w-full']} className="space-y-3" />
      )}
    </PageSection>
  );
}

import { CalendarPlus, ChevronLeft, ChevronRight, Plus, Wallet } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { UserGamesFilter } from '../../../../shared/schemas/user-games';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { cn } from '../../../lib/cn';
import { useIsOrganiser } from '../../../lib/queries/payout-key';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUserGames } from '../api';
import { UserGameCard } from '../components/user-game-card';
import { parseFilter, userGameFilters } from '../user-game-rules';

const emptyStates: Record<UserGamesFilter, { title: string; description: string }> = {
  all: { title: 'Você ainda não criou nenhum jogo', description: 'Crie o primeiro: defina data, local e vagas, e chame a galera.' },
  draft: { title: 'Nenhum rascunho', description: 'Jogos salvos sem publicar aparecem aqui. Só você vê um rascunho.' },
  published: { title: 'Nenhum jogo publicado', description: 'Publique um jogo para os jogadores poderem se inscrever.' },
  active: { title: 'Nenhum jogo ativo', description: 'Jogos publicados que ainda vão acontecer aparecem aqui.' },
  finished: { title: 'Nenhum jogo finalizado', description: 'Os jogos que já aconteceram aparecem aqui.' },
  cancelled: { title: 'Nenhum jogo cancelado', description: 'Que bom! Jogos cancelados aparecem aqui, com o motivo.' },
};

function CreateGameLink() {
  return (
    <Link to="/my-games/new" className={buttonClasses('primary')}>
      <Plus className="size-5" aria-hidden="true" />
      Criar jogo
    </Link>
  );
}

type Overflow = { left: boolean; right: boolean };

/** Which sides of a sideways-scrolling strip hide something, kept current as it scrolls or resizes. */
function useHorizontalOverflow(strip: RefObject<HTMLDivElement | null>): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    // Compared with the tab list itself, not scrollLeft: the strip's own padding is not "more tabs".
    const measure = () => {
      const list = element.firstElementChild?.getBoundingClientRect();
      const view = element.getBoundingClientRect();
      const left = list !== undefined && list.left < view.left - 1;
      const right = list !== undefined && list.right > view.right + 1;
      setOverflow((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [strip]);
  return overflow;
}

const edgeHint = 'pointer-events-none absolute inset-y-0 flex w-10 items-center text-slate-600 dark:text-slate-300';
const edgeSides = {
  left: {
    Icon: ChevronLeft,
    className:
      'left-0 justify-start bg-gradient-to-r from-slate-50 via-slate-50/80 to-transparent dark:from-slate-950 dark:via-slate-950/80',
  },
  right: {
    Icon: ChevronRight,
    className:
      'right-0 justify-end bg-gradient-to-l from-slate-50 via-slate-50/80 to-transparent dark:from-slate-950 dark:via-slate-950/80',
  },
};

/** The fade and chevron on a side of the filter row where more filters are scrolled out of sight. */
function EdgeHint({ side }: { side: keyof typeof edgeSides }) {
  const { Icon, className } = edgeSides[side];
  return (
    <span className={cn(edgeHint, className)} aria-hidden="true" data-scroll-hint={side}>
      <Icon className="size-5" />
    </span>
  );
}

/**
 * Tabs over the list: arrow keys move between them, as in any tab list. On a narrow phone the strip
 * scrolls sideways; a fading edge with an arrow shows there are more tabs that way.
 */
function FilterTabs({
  value,
  onChange,
  panelId,
  idPrefix,
}: {
  value: UserGamesFilter;
  onChange: (filter: UserGamesFilter) => void;
  panelId: string;
  idPrefix: string;
}) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const strip = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(strip);
  const selectedIndex = userGameFilters.findIndex((filter) => filter.value === value);
  useEffect(() => {
    // On a narrow phone the strip scrolls sideways: keep the chosen tab in sight.
    tabs.current[selectedIndex]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selectedIndex]);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = selectedIndex;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % userGameFilters.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + userGameFilters.length) % userGameFilters.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? userGameFilters.length - 1
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onChange(userGameFilters[next]!.value);
    tabs.current[next]?.focus();
  }
  return (
    <div className="relative -mx-4 sm:mx-0">
      <div ref={strip} className="overflow-x-auto px-4 sm:px-0">
        <div
          role="tablist"
          aria-label="Filtrar jogos"
          onKeyDown={onKeyDown}
          className="flex w-max gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800"
        >
          {userGameFilters.map((filter, index) => {
            const isSelected = filter.value === value;
            return (
              <button
                key={filter.value}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                id={`${idPrefix}-${filter.value}`}
                type="button"
                role="tab"
                aria-selected={isSelected}
                aria-controls={panelId}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => onChange(filter.value)}
                className={cn(
                  'min-h-11 rounded-xl px-4 text-base font-semibold whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300',
                  isSelected
                    ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-200'
                    : 'text-slate-700 hover:bg-white/60 dark:text-slate-300 dark:hover:bg-slate-700',
                )}
              >
                {filter.label}
              </button>
            );
          })}
        </div>
      </div>
      {overflow.left && <EdgeHint side="left" />}
      {overflow.right && <EdgeHint side="right" />}
    </div>
  );
}

/** /my-games, "Meus jogos" (organisers §2, decision 047): the organiser's games, today's and the next first, then the past. */
export function MyGamesPage() {
  useDocumentTitle('Meus jogos');
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseFilter(searchParams.get('filter'));
  const games = useUserGames(filter);
  // Recebimentos concerns those who organise (or have earnings), not every player who opens this page.
  const isOrganiser = useIsOrganiser();
  const panelId = useId();
  const tabPrefix = useId();

  function changeFilter(next: UserGamesFilter) {
    setSearchParams({ filter: next }, { replace: true });
  }

  const empty = emptyStates[filter];
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageHeader
        title="Meus jogos"
        description="Crie, publique e acompanhe os jogos que você organiza."
        actions={
          <>
            {isOrganiser && (
              <Link to="/my-games/earnings" className={buttonClasses('secondary')}>
                <Wallet className="size-5" aria-hidden="true" />
                Recebimentos
              </Link>
            )}
            <CreateGameLink />
          </>
        }
      />
      <FilterTabs value={filter} onChange={changeFilter} panelId={panelId} idPrefix={tabPrefix} />
      <div id={panelId} role="tabpanel" aria-labelledby={`${tabPrefix}-${filter}`} aria-busy={games.isFetching || undefined}>
        {games.isPending ? (
          <ListSkeleton label="Carregando seus jogos..." count={2} />
        ) : games.isError ? (
          <QueryError title="Erro ao carregar seus jogos" query={games} fallback="Erro ao carregar seus jogos" />
        ) : games.data.length === 0 ? (
          <EmptyState icon={CalendarPlus} title={empty.title} description={empty.description} action={<CreateGameLink />} />
        ) : (
          <ul className="grid items-start gap-4 md:grid-cols-2">
            {games.data.map((game) => (
              <UserGameCard key={game.id} game={game} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

import {
  CalendarClock,
  CalendarDays,
  HandCoins,
  Hourglass,
  Info,
  Landmark,
  Percent,
  Undo2,
  UsersRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardReply } from '../../../../shared/schemas/admin';
import type { UserGame } from '../../../../shared/schemas/user-games';
import { QueryError } from '../../../components/games/list-states';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PaymentsReport } from '../components/payments-report';
import { Skeleton } from '../../../components/ui/spinner';
import { formatBRL, formatDateTime, formatPrice } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboard } from '../api';
import { GameStatusBadges } from '../components/game-status-badges';
import { placesWording } from '../../../../shared/places-wording';

function Counter({ label, value, icon: Icon, hint }: { label: string; value: string; icon: LucideIcon; hint?: string }) {
  return (
    <Card className="flex flex-col gap-2">
      <dt className="flex items-center gap-2 text-sm font-semibold text-slate-600 dark:text-slate-400">
        <Icon className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        {label}
      </dt>
      <dd className="text-3xl font-bold tracking-tight tabular-nums">{value}</dd>
      {hint && (
        <dd className="flex items-start gap-1.5 text-sm text-slate-600 dark:text-slate-400">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {hint}
        </dd>
      )}
    </Card>
  );
}

/** The organisers' money on the dashboard, each a sum the server keeps (decision 045). */
const earningsCounters: Array<{
  key: keyof Omit<DashboardReply['earnings'], 'payoutsRequested'>;
  label: string;
  icon: LucideIcon;
  hint?: string;
}> = [
  { key: 'fees', label: 'Taxas da plataforma', icon: Percent, hint: 'Menos as devolvidas em reembolsos' },
  { key: 'owedPending', label: 'Devido: a receber', icon: Hourglass, hint: 'Jogos ainda no prazo de segurança' },
  { key: 'owedAvailable', label: 'Devido: disponível', icon: HandCoins, hint: 'Organizadores já podem pedir' },
  {
    key: 'owedByOrganisers',
    label: 'Organizadores devem',
    icon: Undo2,
    hint: 'Devolvido aos jogadores depois de repassado; à parte, nunca descontado do devido',
  },
  { key: 'paidOutThisMonth', label: 'Repassado este mês', icon: Landmark },
];

function RecentGame({ game }: { game: UserGame }) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold">{game.name}</p>
          <GameStatusBadges game={game} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <span className="font-semibold text-slate-800 tabular-nums dark:text-slate-200">
            {formatDateTime(game.dateTime, game.timeZone)}
          </span>{' '}
          · {game.location} · <span className="tabular-nums">{placesWording(game, new Date()).line}</span> · {formatPrice(game.price)}
        </p>
      </div>
      <Link to={`/admin/games/${game.id}`} className={buttonClasses('secondary', 'md', 'shrink-0')} aria-label={`Editar ${game.name}`}>
        Editar
      </Link>
    </li>
  );
}

export function AdminDashboardPage() {
  useDocumentTitle('Painel');
  const dashboard = useDashboard();

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8">
      <PageHeader title="Painel" description="Os números do Bora Jogar e os jogos criados mais recentemente." />
      {dashboard.isPending ? (
        <div role="status" aria-label="Carregando dashboard..." className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-32 rounded-2xl" />
          ))}
        </div>
      ) : dashboard.isError ? (
        <QueryError title="Erro ao carregar dashboard" query={dashboard} />
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Counter label="Usuários" value={String(dashboard.data.totalUsers)} icon={UsersRound} />
            <Counter label="Jogos" value={String(dashboard.data.totalGames)} icon={CalendarDays} hint="Sem os cancelados." />
            <Counter label="Próximos jogos" value={String(dashboard.data.upcomingGames)} icon={CalendarClock} />
            <Counter
              label="Receita total"
              value={formatBRL(dashboard.data.totalRevenue)}
              icon={Wallet}
              hint="Inscrições confirmadas pagas pela plataforma × preço"
            />
          </dl>
          <section aria-labelledby="organiser-earnings" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="organiser-earnings" className="text-xl font-bold">
                Recebimentos dos organizadores
              </h2>
              <Link to="/admin/payouts?status=requested" className={buttonClasses('secondary')}>
                Repasses pedidos ({dashboard.data.earnings.payoutsRequested})
              </Link>
            </div>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {earningsCounters.map(({ key, ...counter }) => (
                <Counter key={key} {...counter} value={formatBRL(dashboard.data.earnings[key])} />
              ))}
            </dl>
          </section>
          <section aria-labelledby="recent-games">
            <div className="mb-3 flex items-center justify-between gap-3">
              <h2 id="recent-games" className="text-xl font-bold">
                Jogos recentes
              </h2>
              <Link
                to="/admin/games"
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-300"
              >
                Ver todos os jogos
              </Link>
            </div>
            {dashboard.data.recentGames.length === 0 ? (
              <EmptyState icon={CalendarDays} title="Nenhum jogo criado ainda." />
            ) : (
              <Card className="py-1 sm:py-1">
                <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                  {dashboard.data.recentGames.map((game) => (
                    <RecentGame key={game.id} game={game} />
                  ))}
                </ul>
              </Card>
            )}
          </section>
        </>
      )}
      <PaymentsReport />
    </div>
  );
}

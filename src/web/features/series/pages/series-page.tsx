import { ArrowLeft, CalendarDays, Pencil, Repeat, UserMinus, Users, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Series, SeriesDetail, SeriesMember } from '../../../../shared/schemas/series';
import { QueryError } from '../../../components/games/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/spinner';
import { toastReply, useToast } from '../../../components/ui/toast';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { formatBRL, formatDate, formatDateTime, formatPhone } from '../../../lib/format';
import { useCancelSeries, useRemoveSeriesMember, useSeriesDetail, useUpdateSeries } from '../../../lib/queries/series';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CancelSeriesDialog } from '../components/cancel-series-dialog';
import { EditSeriesDialog } from '../components/edit-series-dialog';
import { HELD_PLACES_NOTE, placesWording } from '../../../../shared/places-wording';

const backLink = (
  <Link
    to="/my-games"
    className="mb-2 inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
  >
    <ArrowLeft className="size-4" aria-hidden="true" /> Meus jogos
  </Link>
);

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

function SeriesGames({ games, firstDateTime, timeZone }: Pick<SeriesDetail, 'games'> & { firstDateTime: string; timeZone: string }) {
  const now = new Date();
  const hasHeldPlaces = games.some((game) => placesWording(game, now).held !== undefined);
  return (
    <Card>
      <h2 className="mb-4 flex items-center gap-2 text-lg font-bold">
        <CalendarDays className="size-5" aria-hidden="true" />
        Jogos
      </h2>
      {games.length === 0 && (
        <p className="text-slate-600 dark:text-slate-400">
          Nenhum jogo publicado ainda. O primeiro, em {formatDateTime(firstDateTime, timeZone)}, é publicado cinco semanas antes; os
          próximos saem toda semana.
        </p>
      )}
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {games.map((game) => (
          <li key={game.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <Link to={`/apply/${game.id}`} className="min-h-11 font-semibold text-brand-700 hover:underline dark:text-brand-300">
              {formatDateTime(game.dateTime, game.timeZone)}
            </Link>
            <span className="flex items-center gap-2">
              {game.status === 'cancelled' ? <Badge tone="danger">Cancelado</Badge> : <span>{placesWording(game, now).line}</span>}
            </span>
          </li>
        ))}
      </ul>
      {hasHeldPlaces && <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{HELD_PLACES_NOTE}</p>}
    </Card>
  );
}

function SeriesMembers({
  seriesId,
  members,
  memberSlots,
  timeZone,
}: {
  seriesId: number;
  members: SeriesMember[];
  memberSlots: number;
  timeZone: string;
}) {
  const toast = useToast();
  const remove = useRemoveSeriesMember(seriesId);
  const [removing, setRemoving] = useState<SeriesMember | null>(null);

  async function confirmRemove() {
    if (!removing) return;
    await toastReply(toast, remove.mutateAsync(removing.userId), 'Erro ao remover mensalista');
    setRemoving(null);
  }

  return (
    <Card>
      <h2 className="mb-4 flex items-center gap-2 text-lg font-bold">
        <Users className="size-5" aria-hidden="true" />
        Mensalistas ({members.length} de {memberSlots})
      </h2>
      {members.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">
          Ninguém ainda. Os jogadores entram com “Quero ser mensalista” na página de um jogo da série.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span>
                <span className="block font-semibold">{member.name}</span>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {member.phone ? formatPhone(member.phone) : member.email} · desde {formatDate(member.joinedAt, timeZone)}
                </span>
              </span>
              <Button variant="secondary" onClick={() => setRemoving(member)} aria-label={`Remover ${member.name}`}>
                <UserMinus className="size-4" aria-hidden="true" />
                Remover
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remover mensalista?"
        message={`${removing?.name ?? ''} deixa de ter vaga garantida. As inscrições dele nos próximos jogos são canceladas e reembolsadas integralmente.`}
        confirmLabel="Remover"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

/** "Editar série" and "Cancelar série", each asking in its dialog; nothing for a cancelled series. */
function SeriesActions({ series, games }: { series: Series; games: SeriesDetail['games'] }) {
  const toast = useToast();
  const update = useUpdateSeries(series.id);
  const cancel = useCancelSeries(series.id);
  const [open, setOpen] = useState<'edit' | 'cancel' | null>(null);
  const [cancelError, setCancelError] = useState<string | undefined>();
  const [upcoming, setUpcoming] = useState(0);
  if (series.status === 'cancelled') return null;

  function askCancel() {
    const now = Date.now();
    setUpcoming(games.filter((game) => game.status === 'active' && new Date(game.dateTime).getTime() > now).length);
    setCancelError(undefined);
    setOpen('cancel');
  }

  async function save(payload: Parameters<typeof update.mutateAsync>[0]) {
    const reply = await update.mutateAsync(payload);
    toast.show(reply.message, 'success');
    setOpen(null);
  }

  async function confirmCancel(reason: string) {
    setCancelError(undefined);
    try {
      const reply = await cancel.mutateAsync(reason);
      toast.show(reply.message, 'success');
      setOpen(null);
    } catch (error) {
      setCancelError(errorMessage(error, 'Erro ao cancelar a série'));
    }
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button variant="secondary" onClick={() => setOpen('edit')}>
        <Pencil className="size-4" aria-hidden="true" />
        Editar série
      </Button>
      <Button variant="danger" onClick={askCancel}>
        <XCircle className="size-4" aria-hidden="true" />
        Cancelar série
      </Button>
      {open === 'edit' && <EditSeriesDialog series={series} busy={update.isPending} onSave={save} onClose={() => setOpen(null)} />}
      {open === 'cancel' && (
        <CancelSeriesDialog
          series={series}
          upcomingGames={upcoming}
          busy={cancel.isPending}
          error={cancelError}
          onConfirm={(reason) => void confirmCancel(reason)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

/** /my-series/{id}: a weekly series for its organiser, its games, mensalistas and places. */
export function SeriesPage() {
  const seriesId = Number(useParams().id);
  const detail = useSeriesDetail(seriesId);
  useDocumentTitle(detail.data ? detail.data.series.name : 'Série semanal');

  if (!Number.isInteger(seriesId) || seriesId <= 0 || hasErrorCode(detail.error, 'series_not_found')) {
    return (
      <div className="mx-auto w-full max-w-3xl">
        {backLink}
        <EmptyState title="Série não encontrada." description="Ela pode ter sido criada por outra pessoa ou o endereço está errado." />
      </div>
    );
  }
  if (detail.isError) return <QueryError title="Erro ao carregar a série" query={detail} fallback="Erro ao carregar a série" />;
  if (!detail.data) {
    return (
      <Card role="status" aria-label="Carregando série..." className="mx-auto w-full max-w-3xl space-y-4">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-28 w-full" />
      </Card>
    );
  }
  const { series, games, members } = detail.data;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        {backLink}
        <PageHeader
          title={series.name}
          description={
            <span className="inline-flex items-center gap-2">
              <Repeat className="size-4" aria-hidden="true" />
              Toda {series.weekday} às {series.time} · {series.location}
              {series.status === 'cancelled' && <Badge tone="danger">Série cancelada</Badge>}
            </span>
          }
        />
        {series.status === 'cancelled' && series.cancelReason && (
          <p className="mt-2 text-slate-700 dark:text-slate-300">Motivo do cancelamento: {series.cancelReason}</p>
        )}
        <SeriesActions series={series} games={games} />
      </div>
      <Card>
        <dl className="grid gap-4 sm:grid-cols-4">
          <Fact label="Preço por jogo" value={series.price === 0 ? 'Gratuito' : formatBRL(series.price)} />
          <Fact label="Vagas por jogo" value={String(series.totalSlots)} />
          <Fact label="Vagas de mensalistas livres" value={`${series.memberPlacesLeft} de ${series.memberSlots}`} />
          <Fact label="Semanas publicadas" value={`${series.gamesCreated} de ${series.occurrences}`} />
        </dl>
      </Card>
      <SeriesGames games={games} firstDateTime={series.firstDateTime} timeZone={series.timeZone} />
      <SeriesMembers seriesId={series.id} members={members} memberSlots={series.memberSlots} timeZone={series.timeZone} />
    </div>
  );
}

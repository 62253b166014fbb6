import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../shared/messages';
import type { Game } from '../../../shared/schemas/games';
import type { SeriesMembership as Membership } from '../../../shared/schemas/series';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastReply, useToast } from '../ui/toast';
import { errorMessage } from '../../lib/api-client';
import { formatBRL, formatCents, formatDateTime } from '../../lib/format';
import { useJoinSeries, useLeaveSeries, useSeriesMembership } from '../../lib/queries/series';
import { useSession } from '../../lib/session';
import { joinCost } from './join-cost';

const text = messages.series;

/** The confirmation's lines: each week's price, the weeks published now, what is paid now and what is due by when. */
function JoinCostLines({ series, credits }: { series: Membership; credits: number }) {
  const cost = joinCost(series.weeks, credits);
  const timeZone = series.timeZone;
  const lines = [
    text.join.perWeek(series.price === 0 ? 'gratuito' : formatBRL(series.price), series.weekday, series.time),
    text.join.published(cost.published),
    cost.paidNow.games > 0 ? text.join.paidNow(cost.paidNow.games, formatCents(cost.paidNow.cents)) : null,
    cost.due.games > 0
      ? text.join.due(cost.due.games, formatCents(cost.due.cents), formatDateTime(cost.due.firstDeadline!, timeZone))
      : null,
    cost.free > 0 ? text.join.free(cost.free) : null,
    cost.outside > 0 ? text.join.outside(cost.outside) : null,
    cost.full > 0 ? text.join.full(cost.full) : null,
    text.join.leaving,
  ].filter((line): line is string => line !== null);
  return (
    <ul className="list-disc space-y-2 pl-5">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** What is true for a mensalista in this game: a place held, a place to pay, or none yet. */
function memberStatus(game: Game): string {
  if (game.registrationType === 'confirmed') return text.member.holds;
  if (game.registrationType === 'pending') return text.member.pending;
  return text.member.noPlace(game.remainingSlots + (game.memberPlacesFree ?? 0) > 0);
}

/**
 * On a game of a weekly series: "Quero ser mensalista" (a place in every game), which says what it costs and asks
 * first, or, for a member, what holds in this game and leaving, with the 48-hour rule said before.
 */
export function SeriesMembership({ game }: { game: Game }) {
  const seriesId = game.seriesId!;
  const toast = useToast();
  const { user } = useSession();
  const membership = useSeriesMembership(seriesId);
  const join = useJoinSeries();
  const leave = useLeaveSeries();
  const [isJoining, setIsJoining] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const series = membership.data;
  if (!series || series.status === 'cancelled' || series.memberSlots === 0) return null;

  async function becomeMember() {
    setProblem(undefined);
    try {
      const reply = await join.mutateAsync(seriesId);
      toast.show(reply.message, 'success');
    } catch (error) {
      setProblem(errorMessage(error, 'Erro ao entrar como mensalista'));
    }
    setIsJoining(false);
  }

  async function confirmLeave() {
    await toastReply(toast, leave.mutateAsync(seriesId), 'Erro ao sair dos mensalistas');
    setIsLeaving(false);
  }

  return (
    <section aria-labelledby={`series-${seriesId}`} className="mt-6 space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 id={`series-${seriesId}`} className="flex items-center gap-2 text-lg font-bold">
        <Repeat className="size-5" aria-hidden="true" />
        Racha semanal: toda {series.weekday} às {series.time}
      </h2>
      {series.isMember ? (
        <>
          <p>{memberStatus(game)}</p>
          <Button variant="secondary" onClick={() => setIsLeaving(true)}>
            Deixar de ser mensalista
          </Button>
        </>
      ) : (
        <>
          <p>
            Mensalistas têm vaga guardada toda semana ({series.price === 0 ? 'gratuito' : `${formatBRL(series.price)} por jogo`}).{' '}
            {series.memberPlacesLeft === 1 ? 'Resta 1 vaga de mensalista.' : `Restam ${series.memberPlacesLeft} vagas de mensalistas.`}
          </p>
          {problem && <Alert tone="error">{problem}</Alert>}
          <Button onClick={() => setIsJoining(true)} disabled={series.memberPlacesLeft === 0}>
            Quero ser mensalista
          </Button>
        </>
      )}
      <ConfirmDialog
        open={isJoining}
        title={text.join.title}
        message={<JoinCostLines series={series} credits={user?.credits ?? 0} />}
        confirmLabel={text.join.confirm}
        busy={join.isPending}
        onConfirm={() => void becomeMember()}
        onCancel={() => setIsJoining(false)}
      />
      <ConfirmDialog
        open={isLeaving}
        title="Deixar de ser mensalista?"
        message="Suas inscrições nos jogos com 48 horas ou mais de antecedência são canceladas e reembolsadas. Nos jogos mais próximos sua vaga continua."
        confirmLabel="Deixar de ser mensalista"
        tone="danger"
        busy={leave.isPending}
        onConfirm={() => void confirmLeave()}
        onCancel={() => setIsLeaving(false)}
      />
    </section>
  );
}

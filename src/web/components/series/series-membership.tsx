import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastReply, useToast } from '../ui/toast';
import { errorMessage } from '../../lib/api-client';
import { formatBRL } from '../../lib/format';
import { useJoinSeries, useLeaveSeries, useSeriesMembership } from '../../lib/queries/series';

/**
 * On a game of a weekly series: "Quero ser mensalista" (a place in every game, paid from credits) or, for a
 * member, leaving, with the 48-hour rule said before.
 */
export function SeriesMembership({ seriesId }: { seriesId: number }) {
  const toast = useToast();
  const membership = useSeriesMembership(seriesId);
  const join = useJoinSeries();
  const leave = useLeaveSeries();
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
          <p>Você é mensalista: tem vaga em todos os jogos da série.</p>
          <Button variant="secondary" onClick={() => setIsLeaving(true)}>
            Deixar de ser mensalista
          </Button>
        </>
      ) : (
        <>
          <p>
            Mensalistas têm vaga garantida toda semana, paga com créditos (
            {series.price === 0 ? 'gratuito' : `${formatBRL(series.price)} por jogo`}).{' '}
            {series.memberPlacesLeft === 1 ? 'Resta 1 vaga de mensalista.' : `Restam ${series.memberPlacesLeft} vagas de mensalistas.`}
          </p>
          {problem && <Alert tone="error">{problem}</Alert>}
          <Button
            onClick={() => void becomeMember()}
            busy={join.isPending}
            busyLabel="Entrando..."
            disabled={series.memberPlacesLeft === 0}
          >
            Quero ser mensalista
          </Button>
        </>
      )}
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

import { HandCoins, Landmark, type LucideIcon, Undo2, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages';
import type { EarningsReply, GameEarning, Payout, TakeBack } from '../../../../shared/schemas/earnings';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DownloadCsvButton } from '../../../components/ui/download-csv-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSection } from '../../../components/ui/page-section';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatBRL, formatDate, formatDateTime, TIME_ZONE } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDownloadEarnings, useEarnings, useRequestPayout } from '../api';
import { PaymentAccounts } from '../components/payment-accounts';

/** A section of the page listing its lines (`children`, one `<li>` each), or saying `empty` when there are none. */
function ListSection({
  id,
  title,
  icon: Icon,
  empty,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  empty?: ReactNode;
  children: ReactNode[];
}) {
  return (
    <PageSection id={id} title={title} icon={<Icon className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />}>
      {children.length === 0 ? empty : <ul className="grid gap-3">{children}</ul>}
    </PageSection>
  );
}

const gameStatus: Record<GameEarning['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'A receber', tone: 'warning' },
  available: { label: 'Disponível', tone: 'success' },
  paid_out: { label: 'Repassado', tone: 'info' },
  cancelled: { label: 'Cancelado', tone: 'neutral' },
};

/** "Repassado em 28/11/2026" once a paid payout covered the game (the date in São Paulo time, as the payouts'). */
function gameStatusLabel(game: GameEarning): string {
  const { label } = gameStatus[game.status];
  return game.status === 'paid_out' && game.paidOutAt ? `${label} em ${formatDate(game.paidOutAt, TIME_ZONE)}` : label;
}

const payoutStatus: Record<Payout['status'], { label: string; tone: BadgeTone }> = {
  requested: { label: 'Solicitado', tone: 'info' },
  paid: { label: 'Pago', tone: 'success' },
  rejected: { label: 'Recusado', tone: 'danger' },
};

function Figure({ label, value, hint, testId }: { label: string; value: number; hint: ReactNode; testId: string }) {
  return (
    <Card className="space-y-1">
      <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">{label}</p>
      <p className="text-2xl font-bold tabular-nums" data-testid={testId}>
        {formatBRL(value)}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">{hint}</p>
    </Card>
  );
}

/** A game's line in a list: its name and date (in its own zone), what stands beside them, and `children` below. */
function GameCardLine({
  testId,
  game,
  aside,
  children,
}: {
  testId: string;
  game: Pick<GameEarning, 'name' | 'date' | 'timeZone'>;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{game.name}</p>
          <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">{formatDateTime(game.date, game.timeZone)}</p>
        </div>
        {aside}
      </div>
      {children}
    </li>
  );
}

/** One game's line: a card on phones, the same facts in a row on wider screens; the net last, in bold. */
function GameLine({ game }: { game: GameEarning }) {
  const status = gameStatus[game.status];
  const figures: [label: string, value: string][] = [
    ['Vagas pagas', String(game.placesPaid)],
    ['Bruto', formatBRL(game.gross)],
    ['Reembolsos', formatBRL(game.refunds)],
    ['Taxa', formatBRL(game.fee)],
    ['Líquido', formatBRL(game.net)],
  ];
  return (
    <GameCardLine testId="earnings-game" game={game} aside={<Badge tone={status.tone}>{gameStatusLabel(game)}</Badge>}>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm tabular-nums sm:grid-cols-5">
        {figures.map(([label, value], index) => (
          <div key={label}>
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className={index === figures.length - 1 ? 'font-bold' : 'font-semibold'}>{value}</dd>
          </div>
        ))}
      </dl>
      {game.status === 'pending' && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Disponível a partir de {formatDateTime(game.availableAt, game.timeZone)}.
        </p>
      )}
    </GameCardLine>
  );
}

/** A share the administration took back after the game started: the game, how much and why. */
function TakeBackLine({ takeBack }: { takeBack: TakeBack }) {
  return (
    <GameCardLine
      testId="take-back"
      game={takeBack}
      aside={<p className="font-bold text-red-700 tabular-nums dark:text-red-300">− {formatBRL(takeBack.amount)}</p>}
    >
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{takeBack.reason}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">Em {formatDateTime(takeBack.at, TIME_ZONE)}</p>
    </GameCardLine>
  );
}

function PayoutLine({ payout }: { payout: Payout }) {
  const status = payoutStatus[payout.status];
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-testid="payout"
    >
      <div className="min-w-0">
        <p className="font-bold tabular-nums">{formatBRL(payout.amount)}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Pedido em {formatDate(payout.requestedAt, TIME_ZONE)}
          {payout.paidAt && ` · pago em ${formatDate(payout.paidAt, TIME_ZONE)}`}
        </p>
        {payout.reference && <p className="text-xs break-all text-slate-600 dark:text-slate-400">Transação PIX {payout.reference}</p>}
        {payout.reason && <p className="text-sm text-slate-700 dark:text-slate-300">Motivo: {payout.reason}</p>}
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
    </li>
  );
}

function RequestPayout({ data }: { data: EarningsReply }) {
  const toast = useToast();
  const request = useRequestPayout();
  const [isConfirming, setConfirming] = useState(false);
  const hasOpen = data.requested > 0;
  const canAsk = data.payoutKey !== null && !hasOpen && data.owed === 0 && data.available >= data.payoutMinimum;
  const why = !data.payoutKey
    ? 'Cadastre sua chave PIX no perfil para receber.'
    : data.owed > 0
      ? messages.earnings.belowMinimumOwing(formatBRL(data.owed))
      : hasOpen
        ? `Seu pedido de ${formatBRL(data.requested)} está em andamento.`
        : data.available < data.payoutMinimum
          ? `O repasse mínimo é ${formatBRL(data.payoutMinimum)}.`
          : `Vai para a chave ${data.payoutKey.maskedKey} (${data.payoutKey.holderName}).`;
  const amount = formatBRL(data.available);
  return (
    <Card className="space-y-3">
      <p className="text-slate-700 dark:text-slate-300">{why}</p>
      {request.isError && <Alert tone="error">{errorMessage(request.error, 'Erro ao solicitar o repasse')}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button disabled={!canAsk} busy={request.isPending} busyLabel="Solicitando..." onClick={() => setConfirming(true)}>
          <HandCoins className="size-5" aria-hidden="true" />
          Solicitar repasse
        </Button>
        {!data.payoutKey && (
          <Link
            to="/profile#profile-payout-key"
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-brand-300"
          >
            Cadastrar chave PIX
          </Link>
        )}
      </div>
      {data.payoutKey && (
        <ConfirmDialog
          open={isConfirming}
          title={`Solicitar repasse de ${amount}?`}
          message={
            <p>
              <strong className="tabular-nums">{amount}</strong> vão por PIX para a chave {data.payoutKey.maskedKey} (
              {data.payoutKey.holderName}), em até 2 dias úteis.
            </p>
          }
          confirmLabel={`Solicitar ${amount}`}
          cancelLabel="Voltar"
          busy={request.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            request.mutate(data.available, {
              onSuccess: (reply) => toast.show(reply.message, 'success'),
              onSettled: () => setConfirming(false),
            })
          }
        />
      )}
    </Card>
  );
}

/**
 * "Recebimentos" (decision 045): what the organiser's paid games earned them, phone first. Pending until the hold
 * after each game, then available to ask for by PIX; their own Mercado Pago and Stripe accounts (decision 082); the
 * payouts and a spreadsheet of it all.
 */
export function EarningsPage() {
  useDocumentTitle('Recebimentos');
  const earnings = useEarnings();
  const download = useDownloadEarnings();

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageHeader
        title="Recebimentos"
        description="O que seus jogos pagos pela plataforma renderam, já descontada a taxa."
        actions={<DownloadCsvButton download={download} variables={undefined} />}
      />
      {earnings.isPending ? (
        <ListSkeleton label="Carregando recebimentos" count={3} />
      ) : earnings.isError ? (
        <QueryError title="Erro ao carregar seus recebimentos" query={earnings} />
      ) : (
        <>
          {earnings.data.testMode && <Alert tone="warning">{messages.earnings.testMode} Nada aqui é repassado de verdade.</Alert>}
          <div className={earnings.data.owed > 0 ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-3 sm:grid-cols-3'}>
            <Figure label="Disponível" value={earnings.data.available} hint="Pode ser pedido agora" testId="earnings-available" />
            <Figure
              label="A receber"
              value={earnings.data.pending}
              hint={`Fica disponível ${earnings.data.holdHours} h depois do jogo`}
              testId="earnings-pending"
            />
            <Figure label="Já repassado" value={earnings.data.paidOut} hint="Pago por PIX" testId="earnings-paid-out" />
            {earnings.data.owed > 0 && (
              <Figure
                label="A devolver"
                value={earnings.data.owed}
                hint="Devolvido aos jogadores depois de repassado: sai dos próximos recebimentos"
                testId="earnings-owed"
              />
            )}
          </div>
          <RequestPayout data={earnings.data} />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Taxa da plataforma: {earnings.data.feePercent}% de cada vaga paga (arredondada ao centavo). Um reembolso devolve a mesma parte.
          </p>

          <PaymentAccounts />

          <ListSection
            id="earnings-games"
            title="Por jogo"
            icon={Wallet}
            empty={
              <EmptyState
                icon={Wallet}
                title="Nenhuma vaga paga ainda"
                description="Quando jogadores pagarem pela plataforma nos seus jogos, o valor aparece aqui."
              />
            }
          >
            {earnings.data.games.map((game) => (
              <GameLine key={game.gameId} game={game} />
            ))}
          </ListSection>

          {earnings.data.takeBacks.length > 0 && (
            <ListSection id="earnings-take-backs" title="Devolvido depois do jogo" icon={Undo2}>
              {earnings.data.takeBacks.map((takeBack) => (
                <TakeBackLine key={takeBack.gameId} takeBack={takeBack} />
              ))}
            </ListSection>
          )}

          <ListSection
            id="earnings-payouts"
            title="Repasses"
            icon={Landmark}
            empty={<p className="text-slate-600 dark:text-slate-400">Nenhum repasse pedido ainda.</p>}
          >
            {earnings.data.payouts.map((payout) => (
              <PayoutLine key={payout.id} payout={payout} />
            ))}
          </ListSection>
        </>
      )}
    </div>
  );
}

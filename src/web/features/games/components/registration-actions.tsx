import { CreditCard, type LucideIcon, QrCode, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '../../../../shared/messages';
import { toCents } from '../../../../shared/money';
import { isFinished } from '../../../../shared/rules/game-timing';
import { isRefundable } from '../../../../shared/rules/refund-policy';
import type { ApplyBody, Game } from '../../../../shared/schemas/games';
import { CancelRegistrationDialog } from '../../../components/games/cancel-registration-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isFull } from '../../../components/games/game-facts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { redirectToCheckout } from '../../../lib/checkout-redirect';
import { formatBRL, formatCents, formatDateTime } from '../../../lib/format';
import { useCancelRegistration } from '../../../lib/queries/me';
import { creditRefundRuleText } from '../../../lib/refund-text';
import { useSession } from '../../../lib/session';
import { useApplyToGame, useJoinWaitlist } from '../api';
import { NextStepLinks } from './next-step-links';

export type PlayerStatus = 'confirmed' | 'pending' | 'waitlist' | 'none';

/** The player's place in the game (spec: players §4); a cancelled registration counts as none. */
export function playerStatus(game: Pick<Game, 'registrationType'>): PlayerStatus {
  const type = game.registrationType;
  return type === 'confirmed' || type === 'pending' || type === 'waitlist' ? type : 'none';
}

export const outsidePaymentWarning = 'O organizador cobrará por fora. Combine diretamente com ele após a inscrição.';

type ApplyPaymentType = NonNullable<ApplyBody['paymentType']>;

/** Apply, join the line, pay a held slot, cancel or leave: whatever fits the player's status. */
export function RegistrationActions({ game, privateLink }: { game: Game; privateLink?: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useSession();
  const apply = useApplyToGame();
  const waitlist = useJoinWaitlist();
  const cancel = useCancelRegistration();
  const [isCancelling, setIsCancelling] = useState(false);
  const [isConfirmingLateCredit, setIsConfirmingLateCredit] = useState(false);
  const balanceHintId = useId();
  const creditSummaryId = useId();

  const status = playerStatus(game);
  const isClosed = game.status === 'cancelled' || isFinished(game.dateTime, new Date());
  const hasPhone = Boolean(user?.phone);
  // Compared and subtracted in centavos: reais in floating point would show 10.499999 as R$ 10,49.
  const balanceCents = toCents(user?.credits ?? 0);
  const priceCents = toCents(game.price);
  const hasBalance = balanceCents >= priceCents;
  const balanceAfterCents = balanceCents - priceCents;
  const price = formatBRL(game.price);
  const isBusy = apply.isPending || waitlist.isPending;
  const busyPayment = apply.isPending ? (apply.variables?.body.paymentType ?? 'plain') : null;
  const actionError = apply.error ?? waitlist.error;

  function applyWith(paymentType?: ApplyPaymentType) {
    waitlist.reset();
    const body: ApplyBody = {};
    if (paymentType) body.paymentType = paymentType;
    if (privateLink) body.privateLink = privateLink;
    apply.mutate(
      { gameId: game.id, body },
      {
        onSuccess: (reply) => {
          // Card and PIX hold the slot and answer the provider's checkout page: the browser goes there.
          if (redirectToCheckout(reply)) return;
          navigate(reply.waitlisted ? `/waitlist/${game.id}` : `/confirmation/${game.id}`);
        },
      },
    );
  }

  /** Credits spent inside the last 48 hours never come back: the player says yes to that first. */
  function payWithCredits() {
    if (isRefundable(new Date(game.dateTime), new Date())) applyWith('credit');
    else setIsConfirmingLateCredit(true);
  }

  function joinLine() {
    apply.reset();
    waitlist.mutate({ gameId: game.id, privateLink }, { onSuccess: () => navigate(`/waitlist/${game.id}`) });
  }

  function confirmCancel() {
    cancel.mutate(game.id, {
      onSuccess: (reply) => {
        setIsCancelling(false);
        toast.show(reply.message, 'success');
        // Spec: cancelling a confirmed or pending registration goes to the profile.
        if (status !== 'waitlist') navigate('/profile');
      },
      onError: (error) => {
        setIsCancelling(false);
        toast.show(errorMessage(error, 'Erro ao cancelar inscrição'), 'error');
      },
    });
  }

  /** The way out of a registration (hidden once the game is closed) and the dialog that confirms it. */
  const leaveControls = (variant: 'danger' | 'ghost', label: string) => (
    <>
      {!isClosed && (
        <Button variant={variant} fullWidth onClick={() => setIsCancelling(true)}>
          {label}
        </Button>
      )}
      <CancelRegistrationDialog
        game={isCancelling ? game : null}
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setIsCancelling(false)}
      />
    </>
  );

  const creditButton = (
    <div className="space-y-1">
      <Button
        fullWidth
        size="lg"
        onClick={payWithCredits}
        disabled={!hasPhone || isBusy || !hasBalance}
        busy={busyPayment === 'credit'}
        busyLabel="Inscrevendo..."
        aria-describedby={hasBalance ? creditSummaryId : balanceHintId}
      >
        <Wallet className="size-5" aria-hidden="true" />
        Pagar com créditos
      </Button>
      <p id={balanceHintId} className="text-sm text-slate-600 dark:text-slate-400">
        Seu saldo: <span className="font-semibold tabular-nums">{formatCents(balanceCents)}</span>
        {!hasBalance && (
          <>
            {' · '}
            <span className="font-semibold text-red-700 dark:text-red-400">Saldo insuficiente</span>{' '}
            <Link to="/add-credit" className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-300">
              Adicionar créditos
            </Link>
          </>
        )}
      </p>
      {hasBalance && (
        <div id={creditSummaryId} className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <dl className="grid grid-cols-2 gap-x-3">
            <dt>Valor</dt>
            <dd className="text-right font-semibold tabular-nums">{price}</dd>
            <dt>Saldo depois</dt>
            <dd className="text-right font-semibold tabular-nums">{formatCents(balanceAfterCents)}</dd>
          </dl>
          <p className="mt-2">{creditRefundRuleText(game.dateTime, game.timeZone)}</p>
        </div>
      )}
      <ConfirmDialog
        open={isConfirmingLateCredit}
        title="Pagar sem direito a reembolso?"
        message={
          <p>
            Faltam menos de 48 horas para <strong>{game.name}</strong>: se você cancelar depois, os {price} não voltam para os seus créditos.
          </p>
        }
        confirmLabel={`Pagar ${price} com créditos`}
        cancelLabel="Voltar"
        onConfirm={() => {
          setIsConfirmingLateCredit(false);
          applyWith('credit');
        }}
        onCancel={() => setIsConfirmingLateCredit(false)}
      />
    </div>
  );

  const providerButton = (paymentType: 'stripe' | 'mercadopago', Icon: LucideIcon, label: string) => (
    <Button
      variant="secondary"
      onClick={() => applyWith(paymentType)}
      disabled={!hasPhone || isBusy}
      busy={busyPayment === paymentType}
      busyLabel="Aguarde..."
    >
      <Icon className="size-5" aria-hidden="true" />
      {label}
    </Button>
  );
  const providerButtons = (
    <div className="grid gap-2 sm:grid-cols-2">
      {providerButton('stripe', CreditCard, 'Pagar com cartão')}
      {providerButton('mercadopago', QrCode, 'Pagar com PIX')}
    </div>
  );

  const errorBox = actionError && <Alert tone="error">{errorMessage(actionError, 'Erro ao se inscrever no jogo')}</Alert>;

  if (status === 'confirmed') {
    return (
      <div className="space-y-4">
        <Alert tone="success" title="Inscrição confirmada">
          {game.paymentType === 'external' ? 'Você está dentro! Combine o pagamento com o organizador.' : 'Você está dentro! Bom jogo.'}
        </Alert>
        {leaveControls('danger', 'Cancelar inscrição')}
      </div>
    );
  }

  if (status === 'waitlist') {
    return (
      <div className="space-y-4">
        <Alert tone="warning" title="Você está na lista de espera">
          <p>Aguardando vaga disponível. Avisamos você assim que abrir uma vaga.</p>
          {game.waitlistPosition ? <p className="mt-1 font-semibold">Posição na fila: {game.waitlistPosition}</p> : null}
        </Alert>
        <NextStepLinks
          steps={[
            { to: '/profile', label: 'Ver meu perfil' },
            { to: '/games', label: 'Ver outros jogos' },
          ]}
        />
        {leaveControls('ghost', 'Sair da lista de espera')}
      </div>
    );
  }

  if (status === 'pending') {
    // A hold with a payment method is the player's own card/PIX application (back here from a checkout
    // they left); one without came from the waitlist, when their credits did not cover the price.
    const isOwnApplication = game.paymentType === 'stripe' || game.paymentType === 'mercadopago';
    return (
      <div className="space-y-4">
        <Alert tone="warning" title="Aguardando pagamento">
          {isOwnApplication ? 'Sua vaga está reservada enquanto o pagamento não é concluído.' : 'Abriu uma vaga e ela está reservada para você.'}
          {game.paymentDeadline && (
            <>
              {' '}
              Pague até <strong>{formatDateTime(game.paymentDeadline, game.timeZone)}</strong> para confirmar;{' '}
              {isOwnApplication ? 'depois disso a inscrição é cancelada e a vaga fica livre.' : 'depois disso ela passa para o próximo da fila.'}
            </>
          )}
        </Alert>
        {errorBox}
        {!isClosed && game.usePlatformPayment && (
          <>
            {creditButton}
            {providerButtons}
          </>
        )}
        {leaveControls('danger', 'Cancelar inscrição')}
      </div>
    );
  }

  if (game.status === 'cancelled') return <Alert tone="error">{messages.gameCancelled}</Alert>;
  if (isClosed) return <Alert tone="info">As inscrições deste jogo estão encerradas.</Alert>;

  return (
    <div className="space-y-4">
      {!hasPhone && (
        <Alert tone="warning">
          <p>{messages.phoneRequiredToApply}</p>
          <Link to="/profile" className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
            Informar telefone no perfil
          </Link>
        </Alert>
      )}
      {errorBox}
      {isFull(game) ? (
        <>
          <p className="text-slate-700 dark:text-slate-300">
            Este jogo está lotado. Entre na fila: se alguém cancelar, a vaga passa para o primeiro da lista.
          </p>
          <Button fullWidth size="lg" onClick={joinLine} disabled={!hasPhone || isBusy} busy={waitlist.isPending} busyLabel="Entrando...">
            Entrar na lista de espera
          </Button>
        </>
      ) : game.usePlatformPayment ? (
        <>
          {creditButton}
          {providerButtons}
        </>
      ) : (
        <>
          <Alert tone="warning">{outsidePaymentWarning}</Alert>
          <Button fullWidth size="lg" onClick={() => applyWith()} disabled={!hasPhone || isBusy} busy={busyPayment === 'plain'} busyLabel="Inscrevendo...">
            Confirmar inscrição
          </Button>
        </>
      )}
    </div>
  );
}

import { Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toCents } from '../../../../shared/money';
import { isRefundable } from '../../../../shared/rules/refund-policy';
import type { Game } from '../../../../shared/schemas/games';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatBRL, formatCents } from '../../../lib/format';
import { creditRefundRuleText } from '../../../lib/refund-text';
import { useSession } from '../../../lib/session';
import type { ApplyActions } from './use-apply-actions';
import { withBack } from '../../../lib/next-path';

/**
 * "Pagar com créditos", with the balance before and after and the refund rule; short of balance, the way to add
 * credits. Credits spent inside the last 48 hours never come back: the player says yes to that first.
 */
export function CreditPayment({ game, apply }: { game: Game; apply: ApplyActions }) {
  const { user } = useSession();
  const [isConfirmingLateCredit, setIsConfirmingLateCredit] = useState(false);
  const balanceHintId = useId();
  const creditSummaryId = useId();
  // Compared and subtracted in centavos: reais in floating point would show 10.499999 as R$ 10,49.
  const balanceCents = toCents(user?.credits ?? 0);
  const priceCents = toCents(game.price);
  const hasBalance = balanceCents >= priceCents;
  const price = formatBRL(game.price);

  function payWithCredits() {
    if (isRefundable(new Date(game.dateTime), new Date())) apply.applyWith('credit');
    else setIsConfirmingLateCredit(true);
  }

  return (
    <div className="space-y-1">
      <Button
        fullWidth
        size="lg"
        onClick={payWithCredits}
        disabled={!apply.canSend || !hasBalance}
        busy={apply.busyPayment === 'credit'}
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
            <Link
              to={withBack('/add-credit', `/apply/${game.id}`)}
              className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-300"
            >
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
            <dd className="text-right font-semibold tabular-nums">{formatCents(balanceCents - priceCents)}</dd>
          </dl>
          <p className="mt-2">{creditRefundRuleText(game.dateTime, game.timeZone)}</p>
        </div>
      )}
      <ConfirmDialog
        open={isConfirmingLateCredit}
        title="Pagar sem direito a reembolso?"
        message={
          <p>
            Faltam menos de 48 horas para <strong>{game.name}</strong>: se você cancelar depois, os {price} não voltam para os seus
            créditos.
          </p>
        }
        confirmLabel={`Pagar ${price} com créditos`}
        cancelLabel="Voltar"
        onConfirm={() => {
          setIsConfirmingLateCredit(false);
          apply.applyWith('credit');
        }}
        onCancel={() => setIsConfirmingLateCredit(false)}
      />
    </div>
  );
}

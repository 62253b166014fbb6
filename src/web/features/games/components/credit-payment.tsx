import { Wallet } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { toCents } from '../../../../shared/money';
import type { Game } from '../../../../shared/schemas/games';
import { Button } from '../../../components/ui/button';
import { formatBRL, formatCents } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { ApplyActions } from './use-apply-actions';
import { withBack } from '../../../lib/next-path';

/**
 * "Pagar com créditos", with the balance before and after; short of balance, the way to add credits. `onPay` pays (asking
 * first inside the last 48 hours); `ruleId` is the refund rule stated above every way to pay.
 */
export function CreditPayment({ game, apply, ruleId, onPay }: { game: Game; apply: ApplyActions; ruleId: string; onPay: () => void }) {
  const { user } = useSession();
  const balanceHintId = useId();
  const creditSummaryId = useId();
  // Compared and subtracted in centavos: reais in floating point would show 10.499999 as R$ 10,49.
  const balanceCents = toCents(user?.credits ?? 0);
  const priceCents = toCents(game.price);
  const hasBalance = balanceCents >= priceCents;
  const price = formatBRL(game.price);

  return (
    <div className="space-y-1">
      <Button
        fullWidth
        size="lg"
        onClick={onPay}
        disabled={!apply.canSend || !hasBalance}
        busy={apply.busyPayment === 'credit'}
        busyLabel="Inscrevendo..."
        aria-describedby={`${hasBalance ? creditSummaryId : balanceHintId} ${ruleId}`}
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
        </div>
      )}
    </div>
  );
}

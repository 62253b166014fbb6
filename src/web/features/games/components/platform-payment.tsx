import { CreditCard, type LucideIcon, QrCode, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { isRefundable } from '../../../../shared/rules/refund-policy';
import type { Game } from '../../../../shared/schemas/games';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { formatBRL } from '../../../lib/format';
import { lateRefundWarning, paymentMethodName, paymentRefundRule, type PlatformPaymentType } from '../../../lib/refund-text';
import { CreditPayment } from './credit-payment';
import type { ApplyActions } from './use-apply-actions';

function ProviderButton({
  apply,
  paymentType,
  Icon,
  label,
  describedBy,
  onPay,
}: {
  apply: ApplyActions;
  paymentType: 'stripe' | 'mercadopago';
  Icon: LucideIcon;
  label: string;
  describedBy: string;
  onPay: () => void;
}) {
  return (
    <Button
      variant="secondary"
      onClick={onPay}
      disabled={!apply.canSend}
      busy={apply.busyPayment === paymentType}
      busyLabel="Aguarde..."
      aria-describedby={describedBy}
    >
      <Icon className="size-5" aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The refund rule of a place paid now, above the ways to pay: amber inside the last 48 hours, when nothing comes back. */
function RefundRule({ id, game }: { id: string; game: Game }) {
  const rule = paymentRefundRule(game.dateTime, game.timeZone);
  return (
    <div
      id={id}
      className={cn(
        'flex gap-2 rounded-xl p-3 text-sm',
        rule.isLate
          ? 'border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'
          : 'bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300',
      )}
    >
      <Undo2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">{rule.isLate ? 'Sem reembolso se você cancelar' : 'Se você precisar cancelar'}</p>
        {rule.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}

/**
 * The ways to pay a game through the platform (credits, card or PIX) under one refund rule, stated before any of them.
 * Inside the last 48 hours every way asks first, the same question: the money will not come back.
 */
export function PlatformPayment({ game, apply }: { game: Game; apply: ApplyActions }) {
  const [confirming, setConfirming] = useState<PlatformPaymentType | null>(null);
  const ruleId = useId();
  const price = formatBRL(game.price);

  function pay(paymentType: PlatformPaymentType) {
    if (isRefundable(new Date(game.dateTime), new Date())) apply.applyWith(paymentType);
    else setConfirming(paymentType);
  }

  return (
    <>
      <RefundRule id={ruleId} game={game} />
      <CreditPayment game={game} apply={apply} ruleId={ruleId} onPay={() => pay('credit')} />
      <div className="grid gap-2 sm:grid-cols-2">
        <ProviderButton
          apply={apply}
          paymentType="stripe"
          Icon={CreditCard}
          label="Pagar com cartão"
          describedBy={ruleId}
          onPay={() => pay('stripe')}
        />
        <ProviderButton
          apply={apply}
          paymentType="mercadopago"
          Icon={QrCode}
          label="Pagar com PIX"
          describedBy={ruleId}
          onPay={() => pay('mercadopago')}
        />
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Pagar sem direito a reembolso?"
        message={
          confirming && (
            <p>
              Faltam menos de 48 horas para <strong>{game.name}</strong>: {lateRefundWarning(confirming, price)}
            </p>
          )
        }
        confirmLabel={confirming ? `Pagar ${price} com ${paymentMethodName[confirming]}` : ''}
        cancelLabel="Voltar"
        onConfirm={() => {
          const paymentType = confirming;
          setConfirming(null);
          if (paymentType) apply.applyWith(paymentType);
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

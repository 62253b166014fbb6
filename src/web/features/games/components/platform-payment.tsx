import { CreditCard, type LucideIcon, QrCode } from 'lucide-react';
import type { Game } from '../../../../shared/schemas/games';
import { Button } from '../../../components/ui/button';
import { CreditPayment } from './credit-payment';
import type { ApplyActions } from './use-apply-actions';

function ProviderButton({
  apply,
  paymentType,
  Icon,
  label,
}: {
  apply: ApplyActions;
  paymentType: 'stripe' | 'mercadopago';
  Icon: LucideIcon;
  label: string;
}) {
  return (
    <Button
      variant="secondary"
      onClick={() => apply.applyWith(paymentType)}
      disabled={!apply.canSend}
      busy={apply.busyPayment === paymentType}
      busyLabel="Aguarde..."
    >
      <Icon className="size-5" aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The ways to pay a game through the platform: credits, card or PIX. */
export function PlatformPayment({ game, apply }: { game: Game; apply: ApplyActions }) {
  return (
    <>
      <CreditPayment game={game} apply={apply} />
      <div className="grid gap-2 sm:grid-cols-2">
        <ProviderButton apply={apply} paymentType="stripe" Icon={CreditCard} label="Pagar com cartão" />
        <ProviderButton apply={apply} paymentType="mercadopago" Icon={QrCode} label="Pagar com PIX" />
      </div>
    </>
  );
}

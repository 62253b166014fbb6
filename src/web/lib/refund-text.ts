import { formatBRL } from '../../shared/money';
import { isRefundable, REFUND_WINDOW_HOURS } from '../../shared/rules/refund-policy';
import type { PaymentType, RegistrationStatus } from '../../shared/schemas/games';
import { formatDateTime } from './format';

export const noRefundLateText = 'Sem reembolso: faltam menos de 48 horas para o jogo.';

type Registration = {
  dateTime: string;
  price: number;
  /** What the player actually paid; the refund base when the price changed since. */
  paidAmount?: number;
  registrationType?: RegistrationStatus | null;
  paymentType?: PaymentType | null;
};

/**
 * What happens to the money if the player cancels now, said before they confirm. The server
 * applies the same rule (src/shared/rules/refund-policy.ts) by its own clock.
 */
export function refundOutcomeText(registration: Registration, now: Date = new Date()): string {
  const { registrationType, paymentType } = registration;
  if (registrationType === 'waitlist') return 'Você sai da fila e perde sua posição. Nada foi cobrado.';
  if (registrationType === 'pending' || !paymentType) return 'Nada foi pago por esta vaga, então não há reembolso a fazer.';
  if (paymentType === 'external') {
    return 'O pagamento deste jogo é combinado por fora: acerte qualquer devolução direto com o organizador.';
  }
  if (!isRefundable(new Date(registration.dateTime), now)) return noRefundLateText;
  const amount = formatBRL(registration.paidAmount || registration.price);
  if (paymentType === 'credit') return `Reembolso: ${amount} voltam para os seus créditos na hora.`;
  return `Reembolso: ${amount} voltam para o seu cartão ou PIX depois da análise do pedido, em até 7 dias úteis.`;
}

/** This game's refund rule for credits spent now, said before the click that charges them. */
export function creditRefundRuleText(dateTime: string, timeZone: string, now: Date = new Date()): string {
  const gameStart = new Date(dateTime);
  if (!isRefundable(gameStart, now)) return noRefundLateText;
  const lastRefundableMoment = new Date(gameStart.getTime() - REFUND_WINDOW_HOURS * 60 * 60 * 1000);
  return `Reembolso integral em créditos se você cancelar até ${formatDateTime(lastRefundableMoment, timeZone)} (48 horas antes do jogo); depois disso, sem reembolso.`;
}

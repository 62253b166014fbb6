import { formatBRL } from '../../shared/money';
import { isRefundable, REFUND_WINDOW_HOURS } from '../../shared/rules/refund-policy';
import type { PaymentType, RegistrationStatus } from '../../shared/schemas/games';
import { formatDateTime } from './format';

// What happens to the money, in the words of what the server does (src/server/core/games/refund-cancellation.ts and
// refund-in-full.ts): a player's own cancellation 48 hours or more ahead gives credits back at once and files a card or
// PIX refund the administration makes; later, nothing comes back; a game the organiser cancels, or a player they take
// off the list, is refunded in full at once, by the same method. The rule itself is src/shared/rules/refund-policy.ts.

export const noRefundLateText = 'Sem reembolso: faltam menos de 48 horas para o jogo.';

/** The platform's ways to pay a place, as the player reads them. */
export type PlatformPaymentType = 'credit' | 'stripe' | 'mercadopago';

export const paymentMethodName: Record<PlatformPaymentType, string> = { credit: 'créditos', stripe: 'cartão', mercadopago: 'PIX' };

/** A refund the player's own cancellation files, method by method. */
const ownRefund: Record<PlatformPaymentType, (amount: string) => string> = {
  credit: (amount) => `${amount} voltam para os seus créditos na hora.`,
  stripe: (amount) =>
    `${amount} voltam para o seu cartão em até 7 dias úteis: o pedido vai para a administração do Bora Jogar, que faz o estorno.`,
  mercadopago: (amount) =>
    `${amount} voltam por PIX em até 7 dias úteis: o pedido vai para a administração do Bora Jogar, que faz a devolução.`,
};

const organiserEndsIt =
  'Se o organizador cancelar o jogo ou tirar você da lista, o valor volta inteiro na hora, pela forma de pagamento que você usou.';

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
 * applies the same rule by its own clock.
 */
export function refundOutcomeText(registration: Registration, now: Date = new Date()): string {
  const { registrationType, paymentType } = registration;
  if (registrationType === 'waitlist') return 'Você sai da fila e perde sua posição. Nada foi cobrado.';
  if (registrationType === 'pending' || !paymentType) return 'Nada foi pago por esta vaga, então não há reembolso a fazer.';
  if (paymentType === 'external') {
    return 'O pagamento deste jogo é combinado por fora: acerte qualquer devolução direto com o organizador.';
  }
  if (!isRefundable(new Date(registration.dateTime), now)) return noRefundLateText;
  return `Reembolso: ${ownRefund[paymentType](formatBRL(registration.paidAmount || registration.price))}`;
}

/**
 * This game's refund rule for a place paid now, said before every way to pay (credits, card, PIX): until when the money
 * comes back and how, for each method, and what happens when the organiser ends the place instead.
 */
export function paymentRefundRule(dateTime: string, timeZone: string, now: Date = new Date()): { isLate: boolean; lines: string[] } {
  const gameStart = new Date(dateTime);
  if (!isRefundable(gameStart, now)) {
    return {
      isLate: true,
      lines: [
        'Faltam menos de 48 horas para o jogo: se você cancelar, o valor não volta, pague com créditos, cartão ou PIX.',
        organiserEndsIt,
      ],
    };
  }
  const lastRefundableMoment = new Date(gameStart.getTime() - REFUND_WINDOW_HOURS * 60 * 60 * 1000);
  return {
    isLate: false,
    lines: [
      `Cancelando até ${formatDateTime(lastRefundableMoment, timeZone)} (48 horas antes do jogo), o valor volta: ` +
        'em créditos, na hora; no cartão ou por PIX, em até 7 dias úteis, num pedido que a administração do Bora Jogar processa. ' +
        'Depois disso, sem reembolso.',
      organiserEndsIt,
    ],
  };
}

/** Under 48 hours, the question before any payment: what paying this way gives up. */
export function lateRefundWarning(paymentType: PlatformPaymentType, price: string): string {
  if (paymentType === 'credit') return `se você cancelar depois, os ${price} não voltam para os seus créditos.`;
  return `se você cancelar depois, os ${price} pagos ${paymentType === 'stripe' ? 'no cartão' : 'por PIX'} não são devolvidos.`;
}

/**
 * What taking a player off a game does to their money, said to the organiser or the administrator before they confirm:
 * the whole amount at once, by the method the player used (refund-in-full.ts); null when nothing was paid.
 */
export function removalRefundText(name: string, paymentType: PaymentType | null | undefined, paidAmount: number): string | null {
  if (paymentType === 'external') return `O pagamento deste jogo é combinado por fora: acerte a devolução direto com ${name}.`;
  if (!paymentType || paidAmount <= 0) return null;
  const amount = formatBRL(paidAmount);
  if (paymentType === 'credit') return `Os ${amount} pagos com créditos voltam inteiros para os créditos de ${name}, na hora.`;
  const back =
    paymentType === 'stripe'
      ? `pagos no cartão são estornados inteiros no cartão de ${name}, na hora (a fatura mostra no prazo do banco)`
      : `pagos por PIX voltam inteiros por PIX para a conta de ${name}, na hora`;
  return `Os ${amount} ${back}. Se o provedor recusar, o reembolso fica com a administração do Bora Jogar.`;
}

import { describe, expect, it } from 'vitest';
import { paymentRefundRule, refundOutcomeText, removalRefundText } from './refund-text';

const now = new Date('2030-01-10T12:00:00.000Z');
const hoursAhead = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

describe('what happens to the money, said as the server does it', () => {
  it('before paying: until 48 hours ahead each method comes back its way; inside them, none does', () => {
    const early = paymentRefundRule(hoursAhead(72), 'America/Sao_Paulo', now);
    expect(early.isLate).toBe(false);
    expect(early.lines[0]).toBe(
      'Cancelando até 11/01/2030 às 09:00 (48 horas antes do jogo), o valor volta: em créditos, na hora; no cartão ou por PIX, ' +
        'em até 7 dias úteis, num pedido que a administração do Bora Jogar processa. Depois disso, sem reembolso.',
    );
    const late = paymentRefundRule(hoursAhead(47), 'America/Sao_Paulo', now);
    expect(late.isLate).toBe(true);
    expect(late.lines[0]).toBe(
      'Faltam menos de 48 horas para o jogo: se você cancelar, o valor não volta, pague com créditos, cartão ou PIX.',
    );
    // Either way, the organiser ending the place gives it all back at once.
    expect(early.lines[1]).toBe(late.lines[1]);
    expect(late.lines[1]).toMatch(/volta inteiro na hora/);
  });

  it("a player's own cancellation names the method paid", () => {
    const confirmed = { dateTime: hoursAhead(49), price: 20, registrationType: 'confirmed' as const };
    expect(refundOutcomeText({ ...confirmed, paymentType: 'credit' }, now)).toBe(
      'Reembolso: R$ 20,00 voltam para os seus créditos na hora.',
    );
    expect(refundOutcomeText({ ...confirmed, paymentType: 'mercadopago', paidAmount: 18 }, now)).toBe(
      'Reembolso: R$ 18,00 voltam por PIX em até 7 dias úteis: o pedido vai para a administração do Bora Jogar, que faz a devolução.',
    );
    expect(refundOutcomeText({ ...confirmed, dateTime: hoursAhead(47), paymentType: 'mercadopago' }, now)).toBe(
      'Sem reembolso: faltam menos de 48 horas para o jogo.',
    );
  });

  it('removing a player names their method and what happens at once; nothing paid, nothing said', () => {
    expect(removalRefundText('Ana', 'credit', 15)).toBe('Os R$ 15,00 pagos com créditos voltam inteiros para os créditos de Ana, na hora.');
    expect(removalRefundText('Ana', 'mercadopago', 15)).toBe(
      'Os R$ 15,00 pagos por PIX voltam inteiros por PIX para a conta de Ana, na hora. ' +
        'Se o provedor recusar, o reembolso fica com a administração do Bora Jogar.',
    );
    expect(removalRefundText('Ana', 'stripe', 15)).toMatch(
      /^Os R\$ 15,00 pagos no cartão são estornados inteiros no cartão de Ana, na hora/,
    );
    expect(removalRefundText('Ana', 'external', 0)).toBe('O pagamento deste jogo é combinado por fora: acerte a devolução direto com Ana.');
    expect(removalRefundText('Ana', 'stripe', 0)).toBeNull();
    expect(removalRefundText('Ana', null, 0)).toBeNull();
  });
});

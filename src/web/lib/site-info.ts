import { REFUND_WINDOW_HOURS } from '../../shared/rules/refund-policy';

/**
 * Facts about the service shown on the landing, the footer and the static pages
 * (spec: players §1 and §9). One place, so the landing's FAQ and the support page never disagree.
 */
/** The one address for every question: support, privacy and everything else. */
export const contactEmail = 'contato@borajogar.com.br';
export const supportReplyHours = 24;
export const refundWindowHours = REFUND_WINDOW_HOURS;
export const minimumAge = 18;

export const supportHours: ReadonlyArray<{ days: string; hours: string }> = [
  { days: 'Segunda a sexta', hours: '9h às 18h' },
  { days: 'Sábado', hours: '9h às 12h' },
  { days: 'Domingo', hours: 'Fechado' },
];

export type FaqTopic = 'credits' | 'payment' | 'cancellation' | 'cancelled-game' | 'waitlist' | 'equipment';
export type FaqItem = { topic: FaqTopic; question: string; answer: string };

export const faq: ReadonlyArray<FaqItem> = [
  {
    topic: 'credits',
    question: 'Como funcionam os créditos?',
    answer:
      'Créditos são um saldo pré-pago na sua conta: R$ 1 = 1 crédito, sem taxas. Você adiciona a partir de R$ 1, ' +
      'por PIX ou cartão, e usa o saldo para se inscrever nos jogos em um toque. Reembolsos de jogos pagos com créditos ' +
      'voltam para o seu saldo.',
  },
  {
    topic: 'payment',
    question: 'Como eu pago um jogo?',
    answer:
      'Com créditos, cartão (processado pelo Stripe) ou PIX (pelo Mercado Pago). Alguns jogos têm pagamento por fora: ' +
      'nesse caso você paga direto ao organizador, e essa cobrança é combinada entre vocês dois.',
  },
  {
    topic: 'cancellation',
    question: 'Posso cancelar minha inscrição?',
    answer:
      `Pode, pelo seu perfil. Se faltarem ${REFUND_WINDOW_HOURS} horas ou mais para o jogo, você recebe o valor de volta: ` +
      'em créditos, em até 1 dia útil; no cartão ou PIX, em até 7 dias úteis. ' +
      `Nas últimas ${REFUND_WINDOW_HOURS} horas antes do jogo não há reembolso.`,
  },
  {
    topic: 'cancelled-game',
    question: 'E se o jogo for cancelado?',
    answer:
      'Quando o organizador ou o Bora Jogar cancela um jogo, você recebe o reembolso integral, ' +
      'não importa a antecedência, e um aviso nas suas notificações.',
  },
  {
    topic: 'waitlist',
    question: 'Como funciona a lista de espera?',
    answer:
      'Jogo lotado? Entre na lista de espera. Quando abre uma vaga, ela vai para o primeiro da fila: com créditos ' +
      'suficientes (ou em jogo com pagamento por fora), a inscrição é confirmada na hora; sem saldo, a vaga fica ' +
      'reservada por um prazo para você pagar. Você é avisado nos dois casos e pode sair da fila quando quiser.',
  },
  {
    topic: 'equipment',
    question: 'Preciso levar bola ou equipamento?',
    answer:
      'Confira a descrição do jogo: é lá que o organizador conta o que está incluído, como bola, rede e quadra. ' +
      'No mais, leve roupa confortável, calçado adequado ao piso, água e, nos jogos ao ar livre, protetor solar.',
  },
];

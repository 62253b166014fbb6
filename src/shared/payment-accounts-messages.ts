/** Each provider as a sentence names it: o Mercado Pago, a Stripe. */
const providers = {
  mercadopago: { name: 'Mercado Pago', the: 'o Mercado Pago', of: 'do Mercado Pago', by: 'pelo Mercado Pago' },
  stripe: { name: 'Stripe', the: 'a Stripe', of: 'da Stripe', by: 'pela Stripe' },
} as const;
type Provider = keyof typeof providers;

/** Where a lost account's payments go meanwhile: the platform's account, as before any was connected (decision 085). */
const paymentsMeanwhile = 'os pagamentos dos seus jogos entram na conta da plataforma e chegam a você por PIX.';

/** The pt-BR texts of organisers' own payment accounts, "Receber direto na minha conta" (decision 082). */
export const paymentAccountsMessages = {
  providers,
  unavailable: (provider: Provider) => `Receber ${providers[provider].by} não está disponível neste ambiente.`,
  disconnected: (provider: Provider) => `Conta ${providers[provider].of} desconectada. Os pagamentos voltam a passar pela plataforma.`,
  providerUnavailable: (provider: Provider) =>
    `Não foi possível falar com ${providers[provider].the} agora. Tente de novo em alguns minutos.`,
  alreadyDisconnected: (provider: Provider) => `Nenhuma conta ${providers[provider].of} estava conectada.`,
  /** What the earnings page says after the Mercado Pago authorisation page sent the organiser back. */
  callback: {
    connected: 'Conta do Mercado Pago conectada. Pronto para receber direto na sua conta.',
    state_invalid:
      'Este pedido de conexão não vale: ele não foi iniciado neste aparelho ou não é seu. Toque em "Conectar" de novo, aqui mesmo.',
    state_expired: 'O pedido de conexão venceu (vale 10 minutos). Toque em "Conectar" de novo.',
    state_used: 'Este pedido de conexão já foi usado. Se a conta não aparece como conectada, toque em "Conectar" de novo.',
    code_refused:
      'O Mercado Pago recusou a autorização (ela vence em poucos minutos e só pode ser usada uma vez). Toque em "Conectar" de novo.',
    denied: 'A conexão foi cancelada no Mercado Pago. Nada mudou.',
    seller_taken: 'Esta conta do Mercado Pago já está conectada a outra pessoa no Bora Jogar.',
    provider_unavailable: 'Não foi possível falar com o Mercado Pago agora. Tente de novo em alguns minutos.',
    stripe_returned: 'Cadastro enviado à Stripe. Assim que ela liberar as cobranças, sua conta aparece como conectada aqui.',
    stripe_link_expired: 'O link do cadastro na Stripe venceu. Toque em "Continuar cadastro" para abrir outro.',
  },
  expiredNotice: (provider: Provider) =>
    `Sua conta ${providers[provider].of} foi desconectada: a autorização venceu ou foi retirada. Até você conectar de novo em Recebimentos, ${paymentsMeanwhile}`,
  /** On the earnings page, beside an account whose authorisation expired or was withdrawn. */
  lostMeanwhile: (provider: Provider) => `Enquanto a conta ${providers[provider].of} não for conectada de novo, ${paymentsMeanwhile}`,
  expiredSubject: (provider: Provider) => `Reconecte sua conta ${providers[provider].of}`,
} as const;

/** The pt-BR texts of organisers' own payment accounts, "Receber direto na minha conta" (decision 082). */
export const paymentAccountsMessages = {
  providerNames: { mercadopago: 'Mercado Pago', stripe: 'Stripe' },
  unavailable: (provider: string) => `Receber pelo ${provider} não está disponível neste ambiente.`,
  disconnected: (provider: string) => `Conta do ${provider} desconectada. Os pagamentos voltam a passar pela plataforma.`,
  providerUnavailable: (provider: string) => `Não foi possível falar com o ${provider} agora. Tente de novo em alguns minutos.`,
  alreadyDisconnected: (provider: string) => `Nenhuma conta do ${provider} estava conectada.`,
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
  expiredNotice: (provider: string) =>
    `Sua conta do ${provider} foi desconectada: a autorização venceu ou foi retirada. Conecte de novo em Recebimentos para continuar recebendo direto.`,
  expiredSubject: (provider: string) => `Reconecte sua conta do ${provider}`,
} as const;

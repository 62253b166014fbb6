/** The pt-BR texts of organisers' earnings and payouts (decision 045). */
export const earningsMessages = {
  keyTypeInvalid: 'Escolha o tipo da chave PIX: CPF, CNPJ, e-mail, celular ou chave aleatória.',
  keyInvalid: {
    cpf: 'CPF inválido: confira os 11 números (os dois últimos são dígitos verificadores).',
    cnpj: 'CNPJ inválido: confira os 14 números (os dois últimos são dígitos verificadores).',
    email: 'E-mail inválido para chave PIX.',
    phone: 'Celular inválido: informe o DDD e os 9 números (ex.: 48 99123-4567).',
    random: 'Chave aleatória inválida: são 32 letras e números no formato 123e4567-e89b-12d3-a456-426614174000.',
  },
  holderNameRequired: 'Informe o nome do titular da conta (2 a 100 caracteres).',
  keySaved: 'Chave PIX salva. Os repasses vão para ela.',
  keyChangedSubject: 'Sua chave PIX de recebimentos mudou',
  keyChangedText: (masked: string) =>
    `A chave PIX para onde vão os repasses dos seus jogos foi alterada para ${masked}. Se não foi você, troque sua senha e fale com a gente.`,
  keyMissing: 'Cadastre uma chave PIX no seu perfil (Recebimentos) antes de pedir o repasse.',
  belowMinimum: (available: string, minimum: string) =>
    `Você tem ${available} disponível; o repasse mínimo é ${minimum}. Aguarde mais jogos acontecerem.`,
  amountInvalid: 'Informe o valor do repasse em reais, maior que zero (ex.: 50 ou 50.25).',
  amountAboveAvailable: (available: string) => `O valor pedido é maior que o disponível (${available}).`,
  alreadyRequested: 'Você já tem um pedido de repasse em andamento. Aguarde o pagamento antes de pedir outro.',
  requested: (amount: string) => `Repasse de ${amount} solicitado. Você recebe por PIX em até 2 dias úteis.`,
  payoutNotFound: 'Repasse não encontrado.',
  alreadyDecided: (status: 'paid' | 'rejected') => `Este repasse já foi ${status === 'paid' ? 'pago' : 'rejeitado'}.`,
  referenceInvalid: 'Informe o identificador da transação PIX (E2E ID): a letra E seguida de 31 letras ou números.',
  referenceUsed: 'Este identificador de transação já foi usado em outro repasse.',
  reasonRequired: 'Informe o motivo da rejeição (até 500 caracteres).',
  markedPaid: (amount: string) => `Repasse de ${amount} registrado como pago.`,
  rejected: 'Repasse rejeitado. O valor voltou a ficar disponível para o organizador.',
  statusInvalid: 'Use requested, paid ou rejected.',
  notice: {
    paid: (amount: string, reference: string) => `Seu repasse de ${amount} foi pago por PIX (transação ${reference}).`,
    paidSubject: 'Repasse pago',
    rejected: (amount: string, reason: string) =>
      `Seu pedido de repasse de ${amount} foi recusado: ${reason}. O valor continua disponível para um novo pedido.`,
    rejectedSubject: 'Pedido de repasse recusado',
  },
  takeBack: {
    gameCancelled: (reason: string | null) =>
      `Jogo cancelado pela administração depois de começar${reason ? `: ${reason}` : ''}. Os jogadores receberam o valor de volta.`,
    playerRemoved: 'Jogador removido pela administração depois do início do jogo, com o valor devolvido.',
  },
  belowMinimumOwing: (owed: string) =>
    `Você tem ${owed} a devolver à plataforma (valores devolvidos aos jogadores depois de repassados). Os próximos recebimentos pagam isso primeiro; depois você pode pedir repasse.`,
  balanceNowBelow: (balance: string, amount: string) =>
    `O saldo deste organizador agora é ${balance}, menor que o repasse de ${amount}: algo foi devolvido aos jogadores depois do pedido. Rejeite o pedido; ele pode pedir de novo o que estiver disponível.`,
  deleteOwes: (owed: string) =>
    `Você tem ${owed} a devolver à plataforma por jogos devolvidos aos jogadores depois de repassados. Fale com a administração para acertar antes de excluir a conta.`,
  testMode: 'Modo de teste — nenhum dinheiro real.',
  deleteHasEarnings: (total: string) =>
    `Você tem ${total} a receber pelos seus jogos. Peça o repasse em Meus jogos › Recebimentos e aguarde o pagamento antes de excluir a conta.`,
  csv: {
    // One table, one kind of row per line (Tipo), so the spreadsheet's filters and sorts work on every column.
    header: [
      'Tipo',
      'Data',
      'Jogo',
      'Vagas pagas',
      'Bruto (R$)',
      'Reembolsos (R$)',
      'Taxa (R$)',
      'Valor (R$)',
      'Situação',
      'Disponível em',
      'Repassado ou devolvido em',
      'Transação PIX',
      'Observação',
    ],
    kind: { game: 'Jogo', takeBack: 'Devolvido depois do jogo', payout: 'Repasse', notice: 'Aviso' },
    testMode: 'Modo de teste — nenhum dinheiro real. Nada aqui é repassado.',
    status: { pending: 'A receber', available: 'Disponível', paid_out: 'Repassado', cancelled: 'Cancelado' },
    takeBackStatus: 'Devolvido aos jogadores',
    payoutStatus: { requested: 'Solicitado', paid: 'Pago', rejected: 'Rejeitado' },
  },
} as const;

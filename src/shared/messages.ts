/** The product's pt-BR texts that both the server and the web app show. */
export const messages = {
  // Validation (spec: players §5)
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Formato de email inválido',
  nameRequired: 'Nome é obrigatório',
  nameTooLong: 'Nome deve ter no máximo 100 caracteres',
  passwordRequired: 'Senha é obrigatória',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres',
  passwordTooLong: 'A senha deve ter no máximo 128 caracteres',
  passwordValid: 'Senha válida',
  newPasswordRequired: 'Nova senha é obrigatória',
  confirmPasswordRequired: 'Confirmação de senha é obrigatória',
  passwordsDontMatch: 'As senhas não coincidem',
  codeRequired: 'Código de verificação é obrigatório',
  codeSixDigits: 'Código de verificação deve ter 6 dígitos',
  phoneInvalid: 'Informe um telefone válido no formato brasileiro. Ex.: (11) 91234-5678',
  phoneRequiredToApply: 'Informe seu telefone para continuar com a inscrição.',

  // Auth
  invalidCredentials: 'Credenciais inválidas',
  emailTaken: 'Este e-mail já está cadastrado',
  codeInvalidOrExpired: 'Código de verificação inválido ou expirado',
  forgotSent: 'Se o e-mail estiver cadastrado, você receberá um código de verificação em instantes.',
  resetDone: 'Senha redefinida com sucesso!',
  resetDoneLogin: 'Senha redefinida com sucesso! Faça login com sua nova senha.',
  googleDisabled: 'O login com Google não está disponível.',
  googleInvalidToken: 'Não foi possível validar sua conta Google. Tente novamente.',
  googleUnverifiedEmail: 'Seu e-mail do Google não está verificado.',
  googleDomainNotAllowed: 'Domínio não autorizado para autenticação Google',
  phoneSaved: 'Telefone salvo com sucesso.',
  unauthenticated: 'Usuário não autenticado',
  sessionExpired: 'Sua sessão expirou. Por favor, faça login novamente.',
  forbidden: 'Você não tem permissão para acessar este recurso.',

  // HTTP-level errors (spec: players §8)
  badRequest: 'Dados inválidos. Verifique as informações fornecidas.',
  internalError: 'Erro interno do servidor. Tente novamente mais tarde.',
  connectionError: 'Erro de conexão. Tente novamente.',
  unknownError: 'Erro desconhecido',
  notFound: 'Recurso não encontrado.',
  payloadTooLarge: 'A requisição é grande demais.',
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado. Envie JSON.',
  unknownField: (field: string) => `Campo não permitido: ${field}`,
  tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  databaseUnavailable: 'Banco de dados indisponível.',

  // Games, registrations and the waitlist
  gameNotAvailable: 'Jogo não encontrado ou não está disponível para inscrição',
  gameCancelled: 'Este jogo foi cancelado.',
  gameAlreadyStarted: 'As inscrições deste jogo estão encerradas: ele já começou.',
  alreadyRegistered: 'Você já está inscrito neste jogo.',
  alreadyOnWaitlist: 'Você já está na lista de espera deste jogo.',
  gameHasFreeSlots: 'Este jogo ainda tem vagas: faça sua inscrição em vez de entrar na lista de espera.',
  paymentTypeRequired: 'Escolha a forma de pagamento.',
  paymentMethodUnavailable:
    'O pagamento com cartão ou PIX ainda não está disponível. Use seus créditos para se inscrever.',
  insufficientBalance: 'Saldo insuficiente',
  notRegistered: 'Você não tem inscrição ativa neste jogo.',
  registrationConfirmed: 'Inscrição realizada com sucesso!',
  addedToWaitlist: 'Adicionado à lista de espera',
  leftWaitlist: 'Você saiu da lista de espera com sucesso.',
  cancelledNoCharge: 'Inscrição cancelada com sucesso.',
  cancelledRefundedToCredits: (amount: string) =>
    `Inscrição cancelada com sucesso. ${amount} voltaram para os seus créditos.`,
  cancelledRefundRequested: (amount: string) =>
    `Inscrição cancelada com sucesso. O reembolso de ${amount} foi solicitado e cai em até 7 dias úteis.`,
  cancelledLateNoRefund:
    'Inscrição cancelada com sucesso. Como faltam menos de 48 horas para o jogo, não há reembolso.',
  locationTooLong: 'O local deve ter no máximo 100 caracteres.',
  dateInvalid: 'Informe uma data válida no formato AAAA-MM-DD.',

  // Notifications (one text per event that concerns a player)
  notificationNotFound: 'Notificação não encontrada.',
  notice: {
    registrationConfirmed: (game: string, when: string) => `Sua inscrição em ${game} (${when}) está confirmada. Bom jogo!`,
    waitlisted: (game: string, when: string, position: number) =>
      `Você entrou na lista de espera de ${game} (${when}). Sua posição na fila: ${position}.`,
    promoted: (game: string, when: string) =>
      `Abriu uma vaga e sua inscrição em ${game} (${when}) foi confirmada!`,
    promotedAwaitingPayment: (game: string, when: string, deadline: string) =>
      `Abriu uma vaga em ${game} (${when}) e ela está reservada para você. Pague até ${deadline} para confirmar.`,
    paymentExpired: (game: string) =>
      `O prazo para pagar sua vaga em ${game} terminou e ela passou para o próximo da fila.`,
    cancelled: (game: string, outcome: string) => `Sua inscrição em ${game} foi cancelada. ${outcome}`,
    leftWaitlist: (game: string) => `Você saiu da lista de espera de ${game}.`,
    gameChanged: (game: string, when: string) =>
      `O organizador alterou o jogo ${game}. Confira os detalhes: agora ${when}.`,
    gameCancelled: (game: string, when: string, refund: string) =>
      `O jogo ${game} (${when}) foi cancelado pelo organizador. ${refund}`,
    creditsAdded: (amount: string) => `${amount} foram adicionados aos seus créditos.`,
    invitationReceived: (game: string, when: string) => `Você foi convidado para o jogo ${game} (${when}).`,
    refundToCredits: (amount: string) => `${amount} voltaram para os seus créditos.`,
    refundRequested: (amount: string) => `O reembolso de ${amount} foi solicitado e cai em até 7 dias úteis.`,
    noRefundLate: 'Como faltavam menos de 48 horas para o jogo, não há reembolso.',
    nothingToRefund: 'Não havia valor pago pela plataforma a reembolsar.',
  },

  // Invitations
  invitationNotFound: 'Convite não encontrado.',
  invitationRemoved: 'Convite removido com sucesso.',
} as const;

import { httpMessages } from './http-messages';
import { earningsMessages } from './earnings-messages';
import { paymentAccountsMessages } from './payment-accounts-messages';
import { groupMessages } from './group-messages';
import { seriesMessages } from './series-messages';

/** Registrations an organiser's change ended, and how many of them got money back (the others had paid nothing). */
function withdrawnText(count: number, refunded: number): string {
  const ended = count === 1 ? '1 inscrição cancelada' : `${count} inscrições canceladas`;
  const refunds =
    refunded === 0
      ? 'ninguém tinha pago, não houve reembolso'
      : `${refunded === 1 ? '1 reembolso integral' : `${refunded} reembolsos integrais`} a quem pagou`;
  return `${ended}, ${refunds}; os jogadores foram avisados.`;
}

/** The product's pt-BR texts that both the server and the web app show. */
export const messages = {
  // Validation (spec: players §5)
  emailRequired: 'E-mail é obrigatório',
  emailInvalid: 'Formato de e-mail inválido',
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

  // The account (profile, password, export, deletion)
  nameTooShort: 'Nome deve ter pelo menos 2 caracteres',
  nameUnsafeCharacters: 'O nome não pode ter quebras de linha nem caracteres de controle de direção.',
  profileSaved: 'Dados salvos com sucesso.',
  currentPasswordRequired: 'Senha atual é obrigatória',
  currentPasswordWrong: 'Senha atual incorreta',
  noPasswordYet: 'Sua conta entra com o Google e ainda não tem senha. Para criar uma, use "Esqueci minha senha" no login.',
  passwordChanged: 'Senha alterada com sucesso. As outras sessões foram encerradas.',
  deletePasswordRequired: 'Informe sua senha para excluir a conta.',
  deletePasswordWrong: 'Senha incorreta',
  deleteEmailRequired: 'Digite o e-mail da sua conta para confirmar a exclusão.',
  deleteEmailWrong: 'O e-mail digitado não é o da sua conta',
  deleteHasCredits: (amount: string) =>
    `Você ainda tem ${amount} em créditos. Use-os antes ou confirme que abre mão deles para excluir a conta.`,
  deleteLastAdmin: 'Você é o único administrador: promova outra pessoa antes de excluir sua conta.',
  accountDeleted: 'Conta excluída',
  accountDeletedDone: 'Sua conta foi excluída. Seus dados pessoais foram apagados.',
  forfeitDescription: 'Saldo cancelado com a exclusão da conta',
  notificationsAllRead: (count: number) =>
    count === 0
      ? 'Nenhuma notificação por ler.'
      : count === 1
        ? '1 notificação marcada como lida.'
        : `${count} notificações marcadas como lidas.`,
  unauthenticated: 'Usuário não autenticado',
  forbidden: 'Você não tem permissão para acessar este recurso.',

  // Session and HTTP-level errors (spec: players §8)
  ...httpMessages,
  notFound: 'Recurso não encontrado.',
  payloadTooLarge: 'A requisição é grande demais.',
  uriTooLong: 'O endereço da requisição é longo demais.',
  headersTooLarge: 'Os cabeçalhos da requisição são grandes demais.',
  requestTimeout: 'A requisição demorou demais para chegar. Tente novamente.',
  busyTryAgain: 'Muita gente mexendo nisso ao mesmo tempo. Tente novamente em instantes.',
  serviceRecovering: 'O serviço está se restabelecendo. Tente novamente em alguns segundos.',
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  bodyNotUtf8: 'O corpo da requisição não está em UTF-8.',
  jsonTooDeep: 'O corpo da requisição tem níveis demais.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado. Envie JSON.',
  unknownField: (field: string) => `Campo não permitido: ${field}`,
  controlCharacter: 'O texto contém caracteres de controle não permitidos.',
  loneSurrogate: 'O texto tem um caractere incompleto (metade de um emoji, por exemplo). Apague-o e digite de novo.',
  tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  databaseUnavailable: 'Banco de dados indisponível.',
  shuttingDown: 'Servidor encerrando; tente outra instância.',
  tooManyLiveStreams: 'Muitas páginas acompanhando vagas ao vivo a partir deste endereço. Feche algumas abas e tente de novo.',

  // Games, registrations and the waitlist
  gameNotAvailable: 'Jogo não encontrado ou não está disponível para inscrição',
  gameCancelled: 'Este jogo foi cancelado.',
  gameAlreadyStarted: 'As inscrições deste jogo estão encerradas: ele já começou.',
  alreadyRegistered: 'Você já está inscrito neste jogo.',
  alreadyOnWaitlist: 'Você já está na lista de espera deste jogo.',
  gameHasFreeSlots: 'Este jogo ainda tem vagas: faça sua inscrição em vez de entrar na lista de espera.',
  paymentTypeRequired: 'Escolha a forma de pagamento.',
  gameStatusFilterInvalid: 'Status inválido: use active ou cancelled.',
  historyCursorInvalid: 'Continuação do histórico inválida: use o next da página anterior.',
  insufficientBalance: 'Saldo insuficiente',
  notRegistered: 'Você não tem inscrição ativa neste jogo.',
  registrationConfirmed: 'Inscrição realizada com sucesso!',
  addedToWaitlist: 'Adicionado à lista de espera',
  leftWaitlist: 'Você saiu da lista de espera com sucesso.',
  cancelledNoCharge: 'Inscrição cancelada com sucesso.',
  cancelledRefundedToCredits: (amount: string) => `Inscrição cancelada com sucesso. ${amount} voltaram para os seus créditos.`,
  cancelledRefundRequested: (amount: string) =>
    `Inscrição cancelada com sucesso. O reembolso de ${amount} foi solicitado e cai em até 7 dias úteis.`,
  cancelledLateNoRefund: 'Inscrição cancelada com sucesso. Como faltam menos de 48 horas para o jogo, não há reembolso.',
  locationTooLong: 'O local deve ter no máximo 100 caracteres.',
  dateInvalid: 'Informe uma data válida no formato AAAA-MM-DD.',

  // Notifications (one text per event that concerns a player)
  notificationNotFound: 'Notificação não encontrada.',
  notice: {
    registrationConfirmed: (game: string, when: string) => `Sua inscrição em ${game} (${when}) está confirmada. Bom jogo!`,
    waitlisted: (game: string, when: string, position: number | string) =>
      `Você entrou na lista de espera de ${game} (${when}). Sua posição na fila: ${position}.`,
    promoted: (game: string, when: string, charged: string | null) =>
      `Abriu uma vaga e sua inscrição em ${game} (${when}) foi confirmada!` +
      (charged ? ` ${charged} foram debitados dos seus créditos.` : ''),
    promotedAwaitingPayment: (game: string, when: string, amount: string, deadline: string) =>
      `Abriu uma vaga em ${game} (${when}) e ela está reservada para você. Pague ${amount} até ${deadline} para confirmar.`,
    promotedAtRaisedPrice: (game: string, when: string, joinedAt: string, amount: string, deadline: string) =>
      `Abriu uma vaga em ${game} (${when}) e ela está reservada para você. O preço subiu de ${joinedAt} para ${amount} ` +
      `depois que você entrou na fila, então nada foi cobrado: pague ${amount} até ${deadline} se quiser confirmar.`,
    // Every change or cancellation names the game's date: a weekly series' games share one name (issue 42).
    paymentExpired: (game: string, when: string) =>
      `O prazo para pagar sua vaga em ${game} (${when}) terminou e ela passou para o próximo da fila.`,
    cancelled: (game: string, when: string, outcome: string) => `Sua inscrição em ${game} (${when}) foi cancelada. ${outcome}`,
    leftWaitlist: (game: string, when: string) => `Você saiu da lista de espera de ${game} (${when}).`,
    /** `when` is the date and time the players knew: a new one is among the changes. */
    gameChanged: (game: string, when: string, changes: string[]) =>
      `O organizador alterou o jogo ${game} (${when}): ${changes.join('; ')}.`,
    changedDate: (day: string) => `a data agora é ${day}`,
    changedTime: (time: string) => `o horário agora é ${time}`,
    changedPlace: (location: string, address: string) => `o local agora é ${location} (${address})`,
    changedPrice: (before: string, after: string) => `o preço mudou de ${before} para ${after}`,
    gameCancelled: (game: string, when: string, refund: string) => `O jogo ${game} (${when}) foi cancelado pelo organizador. ${refund}`,
    gameCancelledWithReason: (game: string, when: string, reason: string, refund: string) =>
      `O jogo ${game} (${when}) foi cancelado pelo organizador. Motivo: “${reason}”. ${refund}`,
    unpublishedByOrganiser: (game: string, when: string, refund: string) =>
      `O organizador despublicou o jogo ${game} (${when}) e cancelou sua inscrição. ${refund}`,
    madePrivateByOrganiser: (game: string, when: string, refund: string) =>
      `O organizador tornou o jogo ${game} (${when}) privado, só para convidados, e cancelou sua inscrição. ${refund}`,
    withdrawnSubject: (game: string, when: string) => `Inscrição cancelada: ${game} (${when})`,
    gameCancelledSubject: (game: string, when: string) => `Jogo cancelado: ${game} (${when})`,
    removedByOrganiser: (game: string, when: string, refund: string) =>
      `O organizador tirou você da lista do jogo ${game} (${when}) e cancelou sua inscrição. ${refund}`,
    creditsAdded: (amount: string) => `${amount} foram adicionados aos seus créditos.`,
    latePaymentCredited: (game: string, amount: string) =>
      `Seu pagamento para ${game} chegou depois do prazo da vaga. ${amount} foram adicionados aos seus créditos.`,
    paymentConfirmed: (game: string, when: string) => `Pagamento recebido: sua inscrição em ${game} (${when}) está confirmada. Bom jogo!`,
    invitationReceived: (game: string, when: string) => `Você foi convidado para o jogo ${game} (${when}).`,
    removedByAdmin: (game: string, when: string, refund: string) =>
      `Você foi removido do jogo ${game} (${when}) pela administração. ${refund}`,
    refundProcessedToCredits: (game: string, amount: string) =>
      `Seu reembolso do jogo ${game} foi processado: ${amount} voltaram para os seus créditos.`,
    refundProcessedToOriginal: (game: string, amount: string) =>
      `Seu reembolso de ${amount} do jogo ${game} foi processado e cai na forma de pagamento original em até 7 dias úteis.`,
    refundRejected: (game: string, reason: string) => `Seu pedido de reembolso do jogo ${game} foi rejeitado. Motivo: ${reason}`,
    refundToCredits: (amount: string) => `${amount} voltaram para os seus créditos.`,
    refundRequested: (amount: string) => `O reembolso de ${amount} foi solicitado e cai em até 7 dias úteis.`,
    refundUnderway: (amount: string) =>
      `O reembolso de ${amount} na forma de pagamento original já foi pedido; avisaremos quando for concluído.`,
    refundedAtOnce: (game: string, amount: string, method: 'card' | 'pix') =>
      method === 'card'
        ? `Reembolso feito: ${amount} do jogo ${game} voltaram para o seu cartão (o prazo para aparecer na fatura depende do banco).`
        : `Reembolso feito: ${amount} do jogo ${game} voltaram por PIX para a conta que pagou.`,
    noRefundLate: 'Como faltavam menos de 48 horas para o jogo, não há reembolso.',
    nothingToRefund: 'Não havia valor pago pela plataforma a reembolsar.',
    reminder: (game: string, when: string, place: string) => `Lembrete: ${game} é ${when}, em ${place}. Bom jogo!`,
    reminderToPay: (game: string, when: string, place: string, amount: string, deadline: string) =>
      `Lembrete: ${game} é ${when}, em ${place}. Sua vaga ainda não está paga: pague ${amount} até ${deadline} para confirmar.`,
    reminderSubject: (game: string) => `Lembrete: ${game}`,
    // To the organiser: the player's name last, so erasing the account can replace it (core/games/organiser-notices.ts).
    newRegistration: (game: string, when: string, player: string) => `Nova inscrição em ${game} (${when}): ${player}`,
    newWaitlisted: (game: string, when: string, player: string) => `Nova inscrição na lista de espera de ${game} (${when}): ${player}`,
    newSeriesMember: (series: string, player: string) => `Novo mensalista em ${series}: ${player}`,
    newRegistrationSubject: (game: string) => `Nova inscrição: ${game}`,
    newSeriesMemberSubject: (series: string) => `Novo mensalista: ${series}`,
  },

  // Calendars: a game's .ics and the player's private feed
  calendarName: 'Bora Jogar: meus jogos',
  calendarEventDescription: (url: string) => `Veja o jogo no Bora Jogar: ${url}`,
  calendarEventCancelled: (reason: string | null) => (reason ? `Jogo cancelado. Motivo: ${reason}` : 'Jogo cancelado.'),
  calendarFeedNotFound: 'Agenda não encontrada. Gere um novo link no seu perfil.',
  calendarFeedRegenerated: 'Novo link da agenda gerado. O link antigo parou de funcionar.',

  // Credits and payments
  topUpAmountInvalid: 'Informe um valor entre R$ 1,00 e R$ 5.000,00, com no máximo duas casas decimais.',
  testCreditsOnlyInSandbox: 'Créditos de teste só existem no ambiente de teste.',
  testCreditsAdded: (amount: string) => `${amount} em créditos de teste adicionados.`,
  checkoutFailed: 'Erro ao gerar sessão de pagamento',
  pixCheckoutFailed: 'Erro ao criar checkout PIX',
  paymentSessionNotFound: 'Sessão de pagamento não encontrada',
  paymentCredited: (amount: string) => `Pagamento confirmado! ${amount} foram adicionados aos seus créditos.`,
  paymentConfirmedGame: (game: string) => `Pagamento confirmado! Sua inscrição em ${game} está confirmada.`,
  paymentLateCredited: (amount: string, game: string) =>
    `O pagamento chegou depois do prazo da vaga em ${game}. ${amount} foram adicionados aos seus créditos.`,
  paymentPending: 'Pagamento ainda não confirmado. Assim que ele for aprovado, avisaremos você.',
  paymentFailed: 'O pagamento não foi aprovado. Nenhum valor foi cobrado.',
  paymentProviderUnavailable: 'Não foi possível confirmar o pagamento agora. Tente novamente em instantes.',
  awaitingPayment: 'Vaga reservada! Conclua o pagamento para confirmar sua inscrição.',
  paymentNotRefundable: 'Este pagamento não pode ser reembolsado.',
  refundTooLarge: 'O valor do reembolso é maior que o valor ainda disponível do pagamento.',
  refundFailed: 'O provedor de pagamento recusou o reembolso.',

  // Organisers: the game form (spec: organisers §5) and the my-games actions
  requiredFields: (labels: readonly string[]) => `Preencha os campos obrigatórios: ${labels.join(', ')}`,
  fieldRequired: 'Campo obrigatório',
  visibilityInvalid: 'Escolha a visibilidade: público ou privado.',
  publicationStateInvalid: 'Escolha entre rascunho e publicado.',
  paymentModeInvalid: 'Escolha a forma de pagamento: pela plataforma ou por fora.',
  publicGameFields: (labels: readonly string[]) => `Para jogos públicos, preencha: ${labels.join(', ')}`,
  dateTimeMustBeFuture: 'A data e hora do jogo devem ser no futuro',
  dateTimeInvalid: 'Data ou hora inválida. Verifique os campos de data e hora.',
  slotsRange: 'O número de vagas deve ser entre 1 e 50.',
  priceNegative: 'O preço não pode ser negativo.',
  topUpCancelled: 'Compra de créditos cancelada. Nada foi cobrado.',
  // Back from a game's checkout after giving up there (POST /games/:id/cancel-checkout).
  checkoutCancelled: {
    released: 'Pagamento cancelado: nada foi cobrado e a vaga que estava reservada para você foi liberada.',
    kept: 'Pagamento não concluído: nada foi cobrado. A vaga da lista de espera continua reservada para você até o prazo indicado.',
    closed: 'Pagamento não concluído: nada foi cobrado.',
    confirmed: 'Este pagamento já tinha sido concluído: sua inscrição está confirmada.',
    credited: 'Este pagamento já tinha sido concluído depois do prazo da vaga: o valor está nos seus créditos.',
  },
  topUpAlreadyPaid: 'Esta compra já foi paga: os créditos estão na sua conta.',
  priceRequired: 'Informe o preço ou marque Gratuito',
  freeGameHasPrice: 'Um jogo gratuito não tem preço: apague o valor ou desmarque Gratuito.',
  freeInvalid: 'Gratuito deve ser verdadeiro ou falso.',
  priceTooHigh: 'O preço deve ser de no máximo R$ 10.000,00.',
  gameNameTooLong: 'O nome do jogo deve ter no máximo 100 caracteres.',
  gameLocationTooLong: 'O local deve ter no máximo 200 caracteres.',
  gameAddressTooLong: 'O endereço deve ter no máximo 300 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 5.000 caracteres.',
  sportInvalid: 'Esporte não encontrado ou inativo.',
  stateInvalid: 'Estado não encontrado ou inativo.',
  cityInvalid: 'Cidade não encontrada, inativa ou de outro estado.',
  userGameNotFound: 'Jogo não encontrado.',
  gameLocked: 'Este jogo foi cancelado e não pode mais ser alterado.',
  gameAlreadyCancelled: 'Este jogo já foi cancelado.',
  slotsBelowOccupied: (occupied: number) =>
    `Não é possível reduzir as vagas para menos de ${occupied}: esse é o número de inscrições confirmadas ou aguardando pagamento.`,
  paymentModeLocked: 'Não é possível mudar a forma de pagamento de um jogo que já tem inscrições.',
  cancelReasonRequired: 'Informe o motivo do cancelamento.',
  cancelReasonTooLong: 'O motivo deve ter no máximo 500 caracteres.',
  gameCreated: 'Jogo criado com sucesso!',
  gameUpdated: 'Jogo atualizado com sucesso!',
  gamePublished: 'Jogo publicado com sucesso!',
  gameAlreadyPublished: 'O jogo já está publicado.',
  gameUnpublished: 'Jogo despublicado com sucesso!',
  gameAlreadyDraft: 'O jogo já está como rascunho.',
  // An organiser's change that takes the game away from its players asks first, then cancels them with a full refund.
  unpublishCancelsPlayers: (players: number) =>
    `Despublicar este jogo cancela a inscrição de ${players === 1 ? '1 jogador' : `${players} jogadores`}, ` +
    `com reembolso integral do que ${players === 1 ? 'pagou' : 'pagaram'}. Confirme para continuar.`,
  makePrivateCancelsPlayers: (players: number) =>
    `Tornar este jogo privado cancela a inscrição de ${players === 1 ? '1 jogador que não foi convidado' : `${players} jogadores que não foram convidados`}, ` +
    `com reembolso integral do que ${players === 1 ? 'pagou' : 'pagaram'}. Confirme para continuar.`,
  confirmInvalid: 'Confirme com true ou false.',
  // Counts only the refunds made: whoever had not paid (a place to pay for, the waitlist, paid outside) got none.
  gameUnpublishedWithPlayers: (count: number, refunded: number) => `Jogo despublicado. ${withdrawnText(count, refunded)}`,
  gameUpdatedWithPlayers: (count: number, refunded: number) => `Jogo atualizado. ${withdrawnText(count, refunded)}`,
  withdrawnRefundDescription: (game: string) => `Jogo ${game}: inscrição cancelada pelo organizador`,
  withdrawnReason: { unpublish: 'Jogo despublicado pelo organizador', private: 'Jogo tornado privado pelo organizador' },
  gameCancelledByOrganiser: (credits: string | null, refundedAtOnce: string | null, awaitingAdmin: string | null) =>
    'Jogo cancelado. Todos os inscritos foram avisados.' +
    (credits ? ` ${credits} voltaram aos créditos dos jogadores.` : '') +
    (refundedAtOnce ? ` ${refundedAtOnce} foram devolvidos na hora ao cartão/PIX de quem pagou assim.` : '') +
    (awaitingAdmin ? ` ${awaitingAdmin} em reembolsos de cartão/PIX não foram concluídos pelo provedor e aguardam a administração.` : ''),
  privateLinkRegenerated: 'Link regenerado com sucesso! O link anterior não funciona mais.',
  inviteEmailsRequired: 'Informe pelo menos um e-mail.',
  inviteEmailsTooMany: 'Envie no máximo 50 convites por vez.',
  inviteEmailInvalid: (email: string) => `E-mail inválido: ${email}`,
  inviteDraftGame: 'Publique o jogo antes de enviar convites.',
  inviteDailyLimit: (limit: number, left: number) =>
    left > 0
      ? `Você pode enviar no máximo ${limit} convites por dia; hoje ainda cabem ${left}.`
      : `Você chegou ao limite de ${limit} convites por dia. Tente novamente amanhã.`,
  inviteFinishedGame: 'Este jogo já aconteceu.',
  invitationsSent: (count: number) =>
    count === 0
      ? 'Nenhum convite novo: todos já tinham sido convidados.'
      : count === 1
        ? '1 convite enviado.'
        : `${count} convites enviados.`,
  organiserCancellationReason: (reason: string) => `Jogo cancelado pelo organizador: ${reason}`,
  organiserAccountDeletedReason: 'O organizador excluiu a conta',

  // Walk-ins, removing a player and "Quem vai" (decision 047)
  walkIns: {
    nameRequired: 'Informe o nome de quem vai jogar.',
    nameTooLong: 'O nome pode ter no máximo 60 caracteres.',
    gameFull: 'O jogo está lotado: não há vaga para mais ninguém. Aumente as vagas ou remova alguém antes.',
    gameStarted: 'Este jogo já começou: a lista não muda mais.',
    added: (name: string) => `${name} foi adicionado(a) à lista.`,
    removed: (name: string) => `${name} saiu da lista.`,
    notFound: 'Este avulso não está mais na lista do jogo.',
    csvStatus: 'Avulso (sem conta)',
  },
  // From a game's start its money is closed (decision 063): only the administration gives money back, and asks first.
  afterWhistle: {
    cancel:
      'Este jogo já começou: não dá mais para cancelar nem devolver o dinheiro dos jogadores por aqui. Se o jogo não aconteceu (quadra fechada, chuva), fale com a administração.',
    unpublish:
      'Este jogo já começou: não dá mais para despublicar. Se o jogo não aconteceu, fale com a administração para devolver o dinheiro dos jogadores.',
    edit: 'Este jogo já começou: data, horário, preço e quem pode ver não mudam mais. Se algo deu errado, fale com a administração.',
    removePlayer:
      'Este jogo já começou: a lista não muda mais e o valor pago não volta por aqui. Para devolver o dinheiro de alguém, fale com a administração.',
    confirmGame: (refunds: string, organiser: string | null, share: string, owes: string | null) =>
      `Este jogo já começou. Confirmando, ${refunds} voltam aos jogadores${
        organiser ? ` e ${share} saem dos recebimentos de ${organiser}${owes ? `, que ficará devendo ${owes} à plataforma` : ''}` : ''
      }. Só confirme se o jogo não aconteceu.`,
    confirmPlayer: (refund: string, organiser: string | null, share: string, owes: string | null) =>
      `Este jogo já começou. Confirmando, ${refund} voltam a este jogador${
        organiser ? ` e ${share} saem dos recebimentos de ${organiser}${owes ? `, que ficará devendo ${owes} à plataforma` : ''}` : ''
      }. Só confirme se há um bom motivo.`,
  },
  removePlayer: {
    notRegistered: 'Este jogador não tem inscrição ativa neste jogo.',
    removed: (refund: string) => `Jogador removido e avisado.${refund ? ` ${refund}` : ''}`,
    refundedToCredits: (amount: string) => `${amount} voltaram aos créditos dele.`,
    refundRequested: (amount: string) => `${amount} serão devolvidos ao cartão/PIX.`,
    refundDescription: (game: string) => `Jogo ${game}: removido da lista pelo organizador`,
    reason: 'Removido da lista pelo organizador',
    subject: (game: string, when: string) => `Você saiu da lista do jogo ${game} (${when})`,
  },

  // Game day (issue 17): check-in, levels, teams, spreadsheets
  gameDay: {
    playerNotConfirmed: 'Só jogadores com inscrição confirmada podem ter presença ou nível.',
    presentTooEarly: 'A presença só pode ser marcada a partir de 2 horas antes do jogo.',
    presentTooLate: 'A presença só pode ser marcada até 3 dias depois do jogo.',
    gameCancelled: 'Este jogo foi cancelado.',
    levelRange: 'O nível deve ser um número de 1 a 5.',
    presentInvalid: 'Informe se o jogador veio (true) ou faltou (false).',
    nothingToChange: 'Informe a presença ou o nível.',
    playerUpdated: 'Jogador atualizado.',
    teamCountRange: 'O número de times deve ser de 2 a 8.',
    notEnoughPlayers: (players: number, teams: number) =>
      players === 0
        ? 'Não há jogadores confirmados para sortear os times.'
        : `Não dá para sortear ${teams} times com ${players} ${players === 1 ? 'jogador' : 'jogadores'}. Escolha menos times.`,
    teamName: (index: number) => `Time ${index}`,
    shareTitle: (gameName: string, when: string) => `Times sorteados: ${gameName} (${when})`,
    reportDayInvalid: 'Informe as datas no formato AAAA-MM-DD.',
    reportRangeInverted: 'A data inicial deve ser igual ou anterior à data final.',
    reportRangeTooLong: (days: number) => `O período pode ter no máximo ${days} dias.`,
    csv: {
      registrationsHeader: ['Nome', 'E-mail', 'Telefone', 'Status', 'Pagamento', 'Valor (R$)', 'Presença', 'Nível', 'Inscrição em'],
      status: { confirmed: 'Confirmada', pending: 'Aguardando pagamento', waitlist: 'Lista de espera', cancelled: 'Cancelada' },
      payment: { credit: 'Créditos', stripe: 'Cartão', mercadopago: 'PIX', external: 'Por fora' },
      presence: (present: boolean | null) => (present === null ? '' : present ? 'Veio' : 'Faltou'),
      paymentsHeader: [
        'Data',
        'Tipo',
        'Usuário',
        'E-mail',
        'Descrição',
        'Forma',
        'Situação',
        'Valor (R$)',
        'Reembolsado (R$)',
        'Referência',
        'Taxa da plataforma (R$)',
        'Organizador (R$)',
      ],
      providerPayment: 'Pagamento',
      creditMovement: 'Movimento de créditos',
      method: { card: 'Cartão', pix: 'PIX' },
      paymentStatus: { pending: 'Pendente', paid: 'Pago', expired: 'Expirado', failed: 'Falhou', refunded: 'Reembolsado' },
      topup: 'Compra de créditos',
      gameSlot: (game: string) => `Inscrição no jogo ${game}`.trim(),
      creditType: {
        add_manual: 'Créditos adicionados pelo admin',
        add_stripe: 'Créditos por cartão',
        add_pix: 'Créditos por PIX',
        spend_game: 'Inscrição paga com créditos',
        refund: 'Reembolso em créditos',
        forfeit: 'Saldo cancelado na exclusão da conta',
      },
      totalPaid: 'Total pago a provedores (pagos e reembolsados)',
      totalRefunded: 'Total reembolsado pelos provedores',
      totalCreditsIn: 'Total de créditos que entraram',
      totalCreditsOut: 'Total de créditos que saíram',
      totalFees: 'Total de taxas da plataforma (vagas pagas no período)',
    },
  },

  // Invitations
  invitationNotFound: 'Convite não encontrado.',
  invitationRemoved: 'Convite removido com sucesso.',

  // Weekly series and mensalistas
  series: seriesMessages,

  // Turmas (decision 074)
  groups: groupMessages,

  // Organisers' earnings and payouts (decision 045)
  earnings: earningsMessages,

  // Organisers' own payment accounts (decision 082)
  paymentAccounts: paymentAccountsMessages,

  // Administrator area (spec: organisers-and-admin §5, §8)
  admin: {
    requiredFields: 'Por favor, preencha todos os campos obrigatórios.',
    publicNeedsPlace: 'Para jogos públicos, é necessário selecionar esporte, estado e cidade.',
    textTooLong: (max: number) => `Use no máximo ${max} caracteres.`,
    gameNotFound: 'Jogo não encontrado.',
    cityNameRequired: 'Informe o nome da cidade.',
    cityNameTooLong: 'Use no máximo 100 caracteres.',
    ibgeCodeInvalid: 'O código IBGE tem 7 dígitos.',
    ibgeCodeOfOtherState: (uf: string, prefix: string) => `O código IBGE de uma cidade de ${uf} começa com ${prefix}.`,
    cityExists: 'Esta cidade já está cadastrada (mesmo nome neste estado ou mesmo código IBGE).',
    cityAdded: (name: string) => `Cidade ${name} adicionada.`,
    stateNotFound: 'Estado não encontrado.',
    gameDeleted: 'Jogo excluído com sucesso. Os jogadores foram avisados e reembolsados.',
    gameDeletedReason: 'Excluído pelo administrador',
    gameDuplicated: (name: string) => `Jogo "${name}" duplicado com sucesso!`,
    copySuffix: ' (Cópia)',
    playerNotInGame: 'Este usuário não está inscrito neste jogo nem na lista de espera.',
    playerRemoved: 'Jogador removido com sucesso.',
    playerRemovedReason: 'Removido pelo administrador',
    userNotFound: 'Usuário não encontrado.',
    missingUserName: 'Usuário não encontrado',
    creditsMinimum: 'O valor mínimo é R$ 0,01.',
    creditsMaximum: 'O valor máximo por vez é R$ 10.000,00.',
    creditsAdded: (amount: string) => `${amount} adicionados aos créditos do usuário.`,
    creditsDescription: 'Créditos adicionados pelo administrador',
    idempotencyKeyInvalid: 'Idempotency-Key inválida: use de 1 a 200 letras, números, "-", "_", ":" ou ".".',
    idempotencyKeyReused: 'Esta Idempotency-Key já foi usada em outra operação.',
    lookupIdsInvalid: 'Informe de 1 a 100 ids numéricos separados por vírgula.',
    cancellationNotFound: 'Pedido de cancelamento não encontrado.',
    cancellationAlreadyResolved: (status: string) => `Este pedido de cancelamento já foi ${status}.`,
    rejectionReasonRequired: 'Informe o motivo da rejeição.',
    cancellationProcessed: (amount: string) => `Reembolso de ${amount} processado com sucesso.`,
    cancellationRejected: 'Pedido de cancelamento rejeitado.',
    refundGuaranteed:
      'Este reembolso é garantido pelos Termos de Uso (cancelamento com 48 horas ou mais de antecedência, jogo cancelado ou jogador removido) e não pode ser rejeitado.',
    refundDescription: (game: string) => `Reembolso do jogo ${game}`,
    cancellationInProgress: 'Este pedido de cancelamento está sendo processado. Aguarde e recarregue a página.',
    originalPaymentNotFound: 'Não há pagamento por cartão/PIX registrado para estornar; escolha reembolso em créditos.',
  },
} as const;

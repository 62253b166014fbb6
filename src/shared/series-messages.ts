/** The texts of weekly series and mensalistas (part of `messages`). */
export const seriesMessages = {
  firstDateTimeRequired: 'Informe a data e a hora do primeiro jogo.',
  occurrencesRange: 'Informe de 1 a 52 semanas.',
  memberSlotsRange: (totalSlots: number) => `As vagas de mensalistas vão de 0 até o total de vagas (${totalSlots}).`,
  memberSlotsBelowMembers: (members: number) => `Já há ${members} mensalista(s): as vagas de mensalistas não podem ficar abaixo disso.`,
  occurrencesBelowCreated: (created: number) => `Já há ${created} jogo(s) criados: informe pelo menos ${created} semanas.`,
  created: (games: number, firstDay: string) =>
    games === 0
      ? `Série criada! O primeiro jogo, em ${firstDay}, é publicado cinco semanas antes; os próximos saem toda semana.`
      : `Série criada! ${games === 1 ? '1 jogo publicado' : `${games} jogos publicados`}; os próximos saem toda semana.`,
  updated: (games: number) => `Série atualizada: ${games === 1 ? '1 jogo futuro alterado' : `${games} jogos futuros alterados`}.`,
  notFound: 'Série não encontrada.',
  cancelled: 'Esta série foi cancelada.',
  ended: 'Esta série já terminou: não há mais jogos por vir.',
  alreadyCancelled: 'Esta série já foi cancelada.',
  cancelledReply: (games: number) =>
    `Série cancelada: ${games === 1 ? '1 jogo futuro cancelado' : `${games} jogos futuros cancelados`}, com reembolso integral aos inscritos.`,
  memberPlacesFull: 'As vagas de mensalistas desta série estão esgotadas.',
  noMemberPlaces: 'Esta série não tem vagas de mensalistas.',
  phoneRequired: 'Cadastre seu telefone no perfil para ser mensalista.',
  alreadyMember: 'Você já é mensalista desta série.',
  notMember: 'Você não é mensalista desta série.',
  memberNotFound: 'Este jogador não é mensalista desta série.',
  joined: (confirmed: number, pending: number, full: number) =>
    confirmed + pending + full === 0
      ? 'Agora você é mensalista! Sua vaga em cada jogo é reservada quando ele for publicado.'
      : 'Agora você é mensalista! ' +
        [
          confirmed > 0 ? `${confirmed} jogo(s) confirmado(s)` : '',
          pending > 0 ? `${pending} aguardando pagamento` : '',
          full > 0 ? `${full} sem vaga (lotado)` : '',
        ]
          .filter(Boolean)
          .join(', ') +
        '.',
  left: (cancelled: number, kept: number) =>
    `Você deixou de ser mensalista. ${cancelled} inscrição(ões) futura(s) cancelada(s) com reembolso.` +
    (kept > 0
      ? ` Faltam menos de 48 horas para ${kept} jogo(s): sua vaga neles continua (cancele no jogo, sem reembolso, se não for).`
      : ''),
  removed: 'Mensalista removido. As inscrições dele nos próximos jogos foram canceladas com reembolso integral.',
  /** "Quero ser mensalista" asks first, saying what it costs. */
  join: {
    title: 'Ser mensalista?',
    perWeek: (price: string, weekday: string, time: string) =>
      `Você fica com uma vaga em cada jogo da série, toda ${weekday} às ${time}: ${price} por jogo.`,
    published: (games: number) =>
      games === 0
        ? 'Nenhum jogo publicado agora: sua vaga em cada um é reservada quando ele for publicado.'
        : `${games === 1 ? '1 jogo publicado' : `${games} jogos publicados`} agora; os próximos entram toda semana, do mesmo jeito.`,
    paidNow: (games: number, amount: string) => `Pago agora com seus créditos: ${games === 1 ? '1 jogo' : `${games} jogos`}, ${amount}.`,
    due: (games: number, amount: string, firstDeadline: string) =>
      `${games === 1 ? '1 jogo fica reservado' : `${games} jogos ficam reservados`} para você (${amount}): pague cada um até 48 horas antes do jogo (o primeiro até ${firstDeadline}), senão a vaga é liberada.`,
    free: (games: number) => `Gratuito: ${games === 1 ? 'sua vaga é confirmada' : `suas ${games} vagas são confirmadas`} na hora.`,
    outside: (games: number) => `${games === 1 ? '1 jogo é pago' : `${games} jogos são pagos`} por fora: combine com o organizador.`,
    full: (games: number) =>
      `${games === 1 ? '1 jogo já lotou' : `${games} jogos já lotaram`}: sem vaga para você ${games === 1 ? 'nele' : 'neles'}.`,
    leaving: 'Para sair, os jogos com 48 horas ou mais de antecedência são cancelados e reembolsados; nos mais próximos a vaga continua.',
    confirm: 'Confirmar',
  },
  /** What a game's page says to a mensalista about this game. */
  member: {
    holds: 'Você é mensalista: sua vaga neste jogo está garantida.',
    pending: 'Você é mensalista: sua vaga neste jogo está reservada. Pague até o prazo para confirmá-la.',
    /** Beside the payment: the member's own place, not one that opened in the line. */
    heldToPay: 'Sua vaga de mensalista neste jogo está reservada para você.',
    releasedAfterDeadline: 'depois disso ela é liberada para outro jogador.',
    noPlace: (hasFreePlace: boolean) =>
      hasFreePlace
        ? 'Você é mensalista, mas ainda não tem vaga neste jogo: há vaga para você, inscreva-se acima.'
        : 'Você é mensalista, mas este jogo lotou antes da sua entrada: entre na lista de espera acima.',
  },
  /** A drop-in player on a series game whose free places are all kept for mensalistas. */
  dropInPlacesTaken:
    'As vagas avulsas deste jogo estão preenchidas; as outras são guardadas para mensalistas. Entre na fila: se abrir uma vaga avulsa, ela passa para o primeiro da lista.',
  notice: {
    memberPending: (game: string, when: string, amount: string, deadline: string) =>
      `Sua vaga de mensalista em ${game} (${when}) está reservada. Seus créditos não cobriram ${amount}: pague até ${deadline} para confirmar.`,
    memberConfirmed: (game: string, when: string) => `Sua vaga de mensalista em ${game} (${when}) está confirmada. Bom jogo!`,
    /** Joining: every week in one notice, each by its date. */
    joined: (
      series: string,
      weeks: { confirmed: string[]; pending: { when: string; amount: string; deadline: string }[]; kept: string[]; full: string[] },
    ) =>
      [
        `Agora você é mensalista de ${series}.`,
        weeks.confirmed.length > 0 ? `Vaga confirmada: ${weeks.confirmed.join('; ')}.` : '',
        weeks.pending.length > 0
          ? `Vaga reservada, a pagar para confirmar: ${weeks.pending.map((week) => `${week.when} (${week.amount} até ${week.deadline})`).join('; ')}.`
          : '',
        weeks.kept.length > 0 ? `Você já tinha vaga: ${weeks.kept.join('; ')}.` : '',
        weeks.full.length > 0 ? `Sem vaga, o jogo lotou antes: ${weeks.full.join('; ')}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    removed: (series: string) =>
      `O organizador removeu você dos mensalistas de ${series}. O que você pagou pelos próximos jogos voltou integralmente.`,
  },
} as const;

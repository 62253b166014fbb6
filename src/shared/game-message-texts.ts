/** The pt-BR texts of the avisos a game's organiser sends its players (issue 44, item 5; decision 077). */
export const gameMessageTexts = {
  maxLength: 1000,
  dailyLimit: 10,
  textRequired: 'Escreva o aviso antes de enviar.',
  textTooLong: 'O aviso pode ter no máximo 1.000 caracteres.',
  audienceInvalid: 'Escolha para quem vai o aviso: os confirmados ou todos, com a lista de espera.',
  onlyOrganisers: 'Só quem organiza o jogo pode enviar avisos.',
  onlyPlayers: 'Os avisos deste jogo são só para quem está nele.',
  dailyLimitReached: 'Limite de 10 avisos por dia neste jogo atingido. Tente de novo amanhã.',
  gameCancelled: 'Este jogo foi cancelado: não dá mais para enviar avisos.',
  /** The notice, the push and the e-mail's first line: the sender named. */
  notice: (senderName: string, text: string) => `Aviso de ${senderName}: ${text}`,
  /** No subject names a person: an erased sender's name could not leave it. */
  subject: (gameName: string) => `Novo aviso: ${gameName}`,
  sent: (count: number) =>
    count === 0 ? 'Aviso guardado: ninguém para avisar agora.' : `Aviso enviado para ${count} ${count === 1 ? 'pessoa' : 'pessoas'}.`,
  title: 'Avisos',
};

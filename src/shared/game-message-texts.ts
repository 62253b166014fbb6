/** The pt-BR texts of avisos, of a game or of a turma (issue 44, item 5; decisions 077 and 078). */
export const avisoTexts = {
  maxLength: 1000,
  dailyLimit: 10,
  textRequired: 'Escreva o aviso antes de enviar.',
  textTooLong: 'O aviso pode ter no máximo 1.000 caracteres.',
  /** The notice, the push and the e-mail's first line: the sender named. */
  notice: (senderName: string, text: string) => `Aviso de ${senderName}: ${text}`,
  sent: (count: number) =>
    count === 0 ? 'Aviso guardado: ninguém para avisar agora.' : `Aviso enviado para ${count} ${count === 1 ? 'pessoa' : 'pessoas'}.`,
  title: 'Avisos',
};

/** What whoever runs a game tells its players (decision 077). */
export const gameMessageTexts = {
  ...avisoTexts,
  audienceInvalid: 'Escolha para quem vai o aviso: os confirmados ou todos, com a lista de espera.',
  onlyOrganisers: 'Só quem organiza o jogo pode enviar avisos.',
  onlyPlayers: 'Os avisos deste jogo são só para quem está nele.',
  dailyLimitReached: 'Limite de 10 avisos por dia neste jogo atingido. Tente de novo amanhã.',
  gameCancelled: 'Este jogo foi cancelado: não dá mais para enviar avisos.',
  /** No subject names a person: an erased sender's name could not leave it. */
  subject: (gameName: string) => `Novo aviso: ${gameName}`,
};

/** What a turma's owner and organisers tell its members, and a member muting the turma (decision 078). */
export const groupMessageTexts = {
  ...avisoTexts,
  onlyOrganisers: 'Só o dono e os organizadores da turma podem enviar avisos.',
  onlyMembers: 'Os avisos desta turma são só para quem faz parte dela.',
  dailyLimitReached: 'Limite de 10 avisos por dia nesta turma atingido. Tente de novo amanhã.',
  subject: (groupName: string) => `Novo aviso da turma ${groupName}`,
  onlyMembersMute: 'Só quem faz parte da turma pode silenciá-la.',
  mutedInvalid: 'Diga se quer silenciar a turma (true) ou reativar os avisos (false).',
  muted: 'Turma silenciada: você continua vendo os avisos e jogos novos aqui no app, mas sem e-mail nem push.',
  unmuted: 'Avisos reativados: os avisos e jogos novos da turma voltam a chegar por e-mail e push, conforme suas preferências.',
  send: 'Enviar aviso',
  mute: 'Silenciar turma',
  unmute: 'Reativar avisos',
  mutedState: 'Turma silenciada: sem e-mail nem push dos avisos e jogos novos dela.',
  empty: 'Nenhum aviso por enquanto.',
};

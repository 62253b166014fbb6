import { formatBRL } from './money';
import type { GameChange, GameHistoryEntry } from './schemas/game-history';

const visibilityNames: Record<string, string> = { public: 'público', private: 'privado', group: 'só da turma' };

/** `2026-12-05` as `05/12/2026`. */
const calendarDay = (value: string) => value.split('-').reverse().join('/');

function shown(change: GameChange, value: GameChange['from']): string {
  if (value === null) return '';
  if (change.field === 'price') return formatBRL(Number(value));
  if (change.field === 'date') return calendarDay(String(value));
  if (change.field === 'visibility') return visibilityNames[String(value)] ?? String(value);
  if (change.field === 'usePlatformPayment') return value === true ? 'pela plataforma' : 'por fora';
  if (change.field === 'name') return `“${String(value)}”`;
  return String(value);
}

const fieldNames: Record<GameChange['field'], string> = {
  name: 'o nome',
  location: 'o local',
  address: 'o endereço',
  date: 'a data',
  time: 'o horário',
  price: 'o preço',
  totalSlots: 'o número de vagas',
  description: 'a descrição',
  visibility: 'quem pode ver o jogo',
  usePlatformPayment: 'a forma de pagamento',
  sport: 'o esporte',
  state: 'o estado',
  city: 'a cidade',
};

/** "o horário de 19:00 para 20:00"; a field kept without its values ("a descrição") just by name. */
function changeText(change: GameChange): string {
  if (change.from === null && change.to === null) return fieldNames[change.field];
  return `${fieldNames[change.field]} de ${shown(change, change.from)} para ${shown(change, change.to)}`;
}

/** "a, b e c". */
function listed(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

const paymentNames: Record<string, string> = {
  credit: 'em créditos',
  stripe: 'no cartão',
  mercadopago: 'por PIX',
  external: 'por fora',
};

/** "R$ 30,00 em créditos"; empty when nothing was paid through the platform. */
function paidText(details: GameHistoryEntry['details']): string {
  if (!details.amount) return '';
  const how = details.paymentType ? paymentNames[details.paymentType] : undefined;
  return how ? `${formatBRL(details.amount)} ${how}` : formatBRL(details.amount);
}

/**
 * One entry of a game's history as a pt-BR sentence, its actor first: "Ana Souza mudou o horário de 19:00 para 20:00".
 * What the system did on its own (the line moving, a payment deadline passing) is said without anyone.
 */
export function historySentence(entry: Pick<GameHistoryEntry, 'actor' | 'action' | 'details'>): string {
  const { details } = entry;
  const actor = entry.actor ? `${entry.actor.name || 'Alguém'}${details.byAdmin ? ' (administração)' : ''}` : null;
  const who = actor ?? 'O sistema';
  const player = details.player?.name || 'Um jogador';
  const isSelf = entry.actor !== null && entry.actor.id === details.player?.id;
  const member = details.member ? ' (mensalista)' : '';
  const paid = paidText(details);
  switch (entry.action) {
    case 'created':
      return actor ? `${actor} criou o jogo` : 'Jogo criado pela série semanal';
    case 'edited':
      return `${who} mudou ${listed((details.changes ?? []).map(changeText))}`;
    case 'published':
      return `${who} publicou o jogo`;
    case 'unpublished':
      return `${who} voltou o jogo para rascunho`;
    case 'link_regenerated':
      return `${who} gerou um novo link privado`;
    case 'player_joined': {
      const by = actor && !isSelf ? ` (por ${actor})` : '';
      if (details.status === 'waitlist') return `${player}${member} entrou na lista de espera${by}`;
      if (details.status === 'pending') return `${player}${member} reservou uma vaga, aguardando pagamento${by}`;
      return `${player}${member} entrou na lista${paid ? ` e pagou ${paid}` : ''}${by}`;
    }
    case 'player_confirmed':
      return paid ? `${player} pagou ${paid} e confirmou a vaga` : `${player} confirmou a vaga`;
    case 'player_promoted':
      if (details.status === 'pending') return `${player} saiu da lista de espera: vaga reservada até o pagamento`;
      return `${player} saiu da lista de espera e ganhou a vaga${paid ? ` (pagou ${paid})` : ''}`;
    case 'player_left':
      return details.from === 'waitlist' ? `${player} saiu da lista de espera` : `${player} cancelou a inscrição`;
    case 'player_removed': {
      const where = details.from === 'waitlist' ? ' da lista de espera' : ' da lista';
      return actor ? `${actor} tirou ${player}${where}` : `${player} saiu${where}`;
    }
    case 'payment_expired':
      return `${player} não pagou a tempo e perdeu a vaga`;
    case 'refunded': {
      const amount = formatBRL(details.amount ?? 0);
      if (details.refund === 'request') return `Reembolso de ${amount} para ${player} pedido ao cartão/PIX`;
      return actor && !isSelf ? `${actor} devolveu ${amount} a ${player} em créditos` : `${player} recebeu ${amount} de volta em créditos`;
    }
    case 'walk_in_added':
      return `${who} adicionou o avulso ${details.walkIn ?? ''}`.trimEnd();
    case 'walk_in_removed':
      return `${who} tirou o avulso ${details.walkIn ?? ''}`.trimEnd();
    case 'cancelled':
      return `${who} cancelou o jogo${details.reason ? `: ${details.reason}` : ''}`;
    case 'message_sent':
      return `${who} enviou um aviso ${details.audience === 'all' ? 'a todos, com a lista de espera' : 'aos confirmados'}`;
  }
}

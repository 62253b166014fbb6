import { gamePhase } from '../../../shared/rules/game-timing';
import type { PaymentType } from '../../../shared/schemas/games';
import type { UserGame, UserGamesFilter } from '../../../shared/schemas/user-games';
import { gameShareText } from '../../components/games/share-game';
import type { BadgeTone } from '../../components/ui/badge';

/** The my-games tabs in the spec's order (organisers §2); published is the default. */
export const userGameFilters: ReadonlyArray<{ value: UserGamesFilter; label: string }> = [
  { value: 'all', label: 'Todos' },
  { value: 'draft', label: 'Rascunhos' },
  { value: 'published', label: 'Publicados' },
  { value: 'active', label: 'Ativos' },
  { value: 'finished', label: 'Finalizados' },
  { value: 'cancelled', label: 'Cancelados' },
];

export const DEFAULT_FILTER: UserGamesFilter = 'published';

export function parseFilter(value: string | null): UserGamesFilter {
  return userGameFilters.some((filter) => filter.value === value) ? (value as UserGamesFilter) : DEFAULT_FILTER;
}

export type UserGameStatus = 'draft' | 'published' | 'cancelled' | 'in_progress' | 'finished';

/** Cancelled wins over everything; a game that started is in progress until it ends, then finished, draft or not. */
export function userGameStatus(game: Pick<UserGame, 'status' | 'publicationState' | 'dateTime'>, now: Date): UserGameStatus {
  if (game.status === 'cancelled') return 'cancelled';
  const phase = gamePhase(game.dateTime, now);
  if (phase === 'in_progress') return 'in_progress';
  if (phase === 'ended') return 'finished';
  return game.publicationState;
}

export const statusBadges: Record<UserGameStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Rascunho', tone: 'warning' },
  published: { label: 'Publicado', tone: 'success' },
  cancelled: { label: 'Cancelado', tone: 'danger' },
  in_progress: { label: 'Em andamento', tone: 'info' },
  finished: { label: 'Finalizado', tone: 'neutral' },
};

/** How each registration was paid (organisers §2: external reads "Por fora"). */
export function paymentTypeLabel(type: PaymentType | null): string {
  switch (type) {
    case 'credit':
      return 'Créditos';
    case 'stripe':
      return 'Cartão';
    case 'mercadopago':
      return 'PIX';
    case 'external':
      return 'Por fora';
    default:
      return 'Sem pagamento';
  }
}

/** `{origin}/games/private/{privateLink}` (organisers §9). */
export function privateGameUrl(privateLink: string, origin: string = window.location.origin): string {
  return `${origin}/games/private/${privateLink}`;
}

/** The invitation as WhatsApp shows it: the game as any share tells it (gameShareText), then the link to sign up. */
export function whatsAppShareUrl(game: Parameters<typeof gameShareText>[0], link: string): string {
  const text = `${gameShareText(game)}\nInscreva-se: ${link}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The e-mails typed in the invite box: separated by commas, semicolons, spaces or lines. */
export function splitEmails(text: string): string[] {
  return text.split(/[\s,;]+/).filter((email) => email !== '');
}

/** Plain text of the sanitised description HTML, for a two-line preview on the card. */
export function descriptionPreview(game: Pick<UserGame, 'description' | 'descriptionHtml'>): string {
  const html = game.descriptionHtml.trim();
  if (html === '') return game.description.trim();
  // DOMParser builds an inert document: nothing in it runs or loads.
  const text = new DOMParser().parseFromString(html.replace(/<\/(p|li)>|<br\s*\/?>/gi, ' $&'), 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

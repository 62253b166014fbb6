import type { Game, MyGame, WaitlistedGame } from '../../shared/schemas/games';
import type { Invitation } from '../../shared/schemas/invitations';
import type { Notification } from '../../shared/schemas/notifications';
import type { PublicUser } from '../../shared/schemas/auth';

const HOUR_MS = 60 * 60 * 1000;

/** An ISO instant `hours` from now. */
export function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * HOUR_MS).toISOString();
}

let nextId = 100;

/** A published public platform game (R$ 15, 3 of 12 slots left) a week ahead, as the API shows it. */
export function aGame(overrides: Partial<Game> = {}): Game {
  nextId += 1;
  const remaining = overrides.remainingSlots ?? 3;
  return {
    id: nextId,
    name: `Vôlei de Quinta ${nextId}`,
    location: 'Ginásio do Estreito',
    address: 'Rua Santos Saraiva, 500 - Estreito, Florianópolis - SC',
    dateTime: hoursFromNow(24 * 7),
    price: 15,
    totalSlots: 12,
    remainingSlots: remaining,
    availableSlots: remaining,
    registeredPlayers: 12 - remaining,
    waitlistCount: 0,
    visibility: 'public',
    usePlatformPayment: true,
    publicationState: 'published',
    status: 'active',
    description: 'Vôlei misto.',
    descriptionHtml: '<p>Vôlei misto.</p>',
    sport: { id: 1, name: 'Vôlei' },
    state: { id: 24, name: 'Santa Catarina', uf: 'SC' },
    city: { id: 1, name: 'Florianópolis' },
    creator: { id: 3, name: 'Otávio Organizador' },
    privateLink: null,
    ...overrides,
  };
}

/** The same game as a signed-in caller sees it, with their registration. */
export function aPlayerGame(overrides: Partial<Game> = {}): Game {
  return aGame({
    userRegistration: { isRegistered: false, isOnWaitlist: false },
    registrationType: null,
    paymentType: null,
    paymentDeadline: null,
    waitlistPosition: null,
    ...overrides,
  });
}

export function aMyGame(overrides: Partial<MyGame> = {}): MyGame {
  return {
    ...aPlayerGame({ userRegistration: { isRegistered: true, isOnWaitlist: false } }),
    registrationType: 'confirmed',
    paymentType: 'credit',
    paymentDeadline: null,
    ...overrides,
  };
}

export function aWaitlistedGame(overrides: Partial<WaitlistedGame> = {}): WaitlistedGame {
  return {
    ...aPlayerGame({ remainingSlots: 0, userRegistration: { isRegistered: false, isOnWaitlist: true } }),
    registrationType: 'waitlist',
    position: 2,
    waitlistPosition: 2,
    ...overrides,
  };
}

export function anInvitation(game: Partial<Game> = {}): Invitation {
  nextId += 1;
  return {
    id: nextId,
    createdAt: new Date().toISOString(),
    game: aPlayerGame({ visibility: 'private', privateLink: `link-${nextId}`, ...game }),
  };
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  nextId += 1;
  return {
    id: nextId,
    type: 'registration_confirmed',
    message: 'Sua inscrição está confirmada. Bom jogo!',
    gameId: null,
    read: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** `GET /api/users/me` for `user` with their games. */
export function meWithGames(user: PublicUser, games: { myGames?: MyGame[]; waitlistedGames?: WaitlistedGame[] } = {}) {
  return { body: { ...user, myGames: games.myGames ?? [], waitlistedGames: games.waitlistedGames ?? [] } };
}

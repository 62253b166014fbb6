// Replies of the API for the web tests, typed by the shared schemas (the fake API also checks them at run time).
import { dateAndTimeIn } from '../../shared/dates';
import { registrationCounts } from '../../shared/rules/registration-counts';
import type { AdminGameDetail, AdminGamePlayer, AdminUser, Cancellation, CreditTransactionView } from '../../shared/schemas/admin';
import type { PublicUser } from '../../shared/schemas/auth';
import type { Game, MyGame, Team, WaitlistedGame } from '../../shared/schemas/games';
import type { Group } from '../../shared/schemas/groups';
import type { Invitation } from '../../shared/schemas/invitations';
import { notificationKinds } from '../../shared/schemas/notification-settings';
import type { Notification } from '../../shared/schemas/notifications';
import type { GamePayloadInput, GameRegistration, UserGame, UserGameDetail, WalkIn } from '../../shared/schemas/user-games';
import type { HistoryGame, MeReply } from '../../shared/schemas/users';

const HOUR_MS = 60 * 60 * 1000;

/** An ISO instant `hours` from now. */
export function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * HOUR_MS).toISOString();
}

let nextId = 100;

function newId(): number {
  nextId += 1;
  return nextId;
}

// ── Who is signed in ──

export const player: PublicUser = {
  id: 7,
  name: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  phone: '48991234567',
  role: 'player',
  credits: 25.5,
};
export const admin: PublicUser = { id: 1, name: 'Bia Admin', email: 'bia@exemplo.com.br', phone: '48991234567', role: 'admin', credits: 0 };

/** `GET /api/users/me` for `user`, with their games (none unless given). */
export function meReply(user: PublicUser, games: { myGames?: MyGame[]; waitlistedGames?: WaitlistedGame[] } = {}): { body: MeReply } {
  return { body: { ...user, hasPassword: true, myGames: games.myGames ?? [], waitlistedGames: games.waitlistedGames ?? [] } };
}

/** The origin the web tests run at (jsdom's), allowed for Google as the server would list PUBLIC_URL's. */
export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * The profile's own reads, for pages that show the profile: the "Minha agenda" address, a player who organises nothing
 * (no PIX key for payouts) and no game played yet.
 */
export const calendarFeed = {
  'GET /api/users/me/calendar': { body: { url: `${TEST_ORIGIN}/api/calendar/${'a'.repeat(64)}.ics` } },
  'GET /api/users/me/payout-key': { body: { payoutKey: null, isOrganiser: false } },
  'GET /api/users/me/history': { body: { games: [], next: null } },
};
/** The profile's notification preferences, everything on (as for an account that never changed them). */
export const notificationSettings = {
  'GET /api/users/me/notification-settings': {
    body: Object.fromEntries(notificationKinds.map((kind) => [kind, { email: true, push: true }])),
  },
};
/** `GET /api/auth/config` without Google sign-in: every page a visitor opens asks for it. */
export const authConfig = { 'GET /api/auth/config': { body: { googleClientId: null, googleAllowedOrigins: [TEST_ORIGIN] } } };

// ── Games as players see them ──

/** A published public platform game (R$ 15, 3 of 12 slots left) a week ahead, as the API shows it. */
export function aGame(overrides: Partial<Game> = {}): Game {
  const id = newId();
  const remaining = overrides.remainingSlots ?? 3;
  const dateTime = overrides.dateTime ?? hoursFromNow(24 * 7);
  return {
    id,
    name: `Vôlei de Quinta ${id}`,
    location: 'Ginásio do Estreito',
    address: 'Rua Santos Saraiva, 500 - Estreito, Florianópolis - SC',
    dateTime,
    price: 15,
    totalSlots: 12,
    remainingSlots: remaining,
    availableSlots: remaining,
    // Taken, free and held add up to the total (placesWording).
    registeredPlayers: (overrides.totalSlots ?? 12) - remaining - (overrides.memberPlacesFree ?? 0),
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
    // The spec's names, derived from the fields they repeat unless given.
    timeZone: overrides.timeZone ?? 'America/Sao_Paulo',
    date: overrides.date ?? dateAndTimeIn(new Date(dateTime), overrides.timeZone ?? 'America/Sao_Paulo').date,
    time: overrides.time ?? dateAndTimeIn(new Date(dateTime), overrides.timeZone ?? 'America/Sao_Paulo').time,
    slots: overrides.slots ?? overrides.totalSlots ?? 12,
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
    leftWaitlist: false,
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

/** A game that has started, as the player's history shows it (played unless told otherwise). */
export function aHistoryGame(overrides: Partial<HistoryGame> = {}): HistoryGame {
  return {
    ...aPlayerGame({ dateTime: hoursFromNow(-48), userRegistration: { isRegistered: true, isOnWaitlist: false } }),
    registrationType: 'confirmed',
    leftWaitlist: false,
    ...overrides,
  };
}

export function anInvitation(game: Partial<Game> = {}): Invitation {
  const id = newId();
  return {
    id,
    createdAt: new Date().toISOString(),
    game: aPlayerGame({ visibility: 'private', privateLink: `link-${id}`, ...game }),
  };
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: newId(),
    type: 'registration_confirmed',
    message: 'Sua inscrição está confirmada. Bom jogo!',
    gameId: null,
    link: null,
    read: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

// ── Games as their organiser sees them ──

/** One of the signed-in player's own games as `GET /api/user-games` lists it: published, public, a week ahead. */
export function aUserGame(overrides: Partial<UserGame> = {}): UserGame {
  const game = aGame({ creator: { id: player.id, name: player.name } });
  return { ...game, privateLink: `link-${game.id}`, cancelReason: null, ...overrides };
}

/**
 * What the game form sends for the tests' "Vôlei de Quinta" at the Ginásio do Estreito: 12 slots, public, paid outside
 * the platform, published, volleyball in Florianópolis/SC; `fields` are what the test typed besides.
 */
export function aSentGamePayload(
  fields: Pick<GamePayloadInput, 'dateTime' | 'price' | 'description'> & Partial<Pick<GamePayloadInput, 'free'>>,
): GamePayloadInput {
  return {
    name: 'Vôlei de Quinta',
    location: 'Ginásio do Estreito',
    address: '',
    dateTime: fields.dateTime,
    price: fields.price,
    free: fields.free ?? false,
    totalSlots: 12,
    description: fields.description,
    visibility: 'public',
    usePlatformPayment: false,
    state: 'published',
    sportId: 1,
    stateId: 24,
    cityId: 1,
  };
}

export function aRegistration(overrides: Partial<GameRegistration> = {}): GameRegistration {
  const id = newId();
  return {
    id,
    userId: id,
    userName: `Jogador ${id}`,
    userEmail: `jogador${id}@exemplo.com.br`,
    userPhone: '48991230000',
    paymentType: 'credit',
    status: 'confirmed',
    paidAmount: 15,
    createdAt: '2026-03-02T15:00:00.000Z',
    cancelledAt: null,
    leftWaitlist: false,
    waitlistPosition: null,
    present: null,
    level: null,
    noShows: 0,
    ...overrides,
  };
}

/** `GET /api/user-games/{id}`: the game, its registrations and the counts the server derives from them. */
export function aUserGameDetail(
  game: UserGame,
  registrations: GameRegistration[],
  teams: Team[] = [],
  walkIns: WalkIn[] = [],
): UserGameDetail {
  const counts = registrationCounts(registrations);
  return {
    game,
    stats: {
      ...counts,
      availableSlots: game.totalSlots - counts.confirmedRegistrations - counts.pendingRegistrations - walkIns.length,
    },
    walkIns,
    registrations,
    teams,
  };
}

// ── Turmas ──

/** A private turma of Florianópolis, by approval, with twelve members. */
export function aGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: 3,
    name: 'Vôlei da Joaquina',
    slug: 'volei-da-joaquina',
    description: 'Quintas à noite.',
    city: { id: 1, name: 'Florianópolis', uf: 'SC', timeZone: 'America/Sao_Paulo' },
    visibility: 'private',
    joinPolicy: 'approval',
    memberCount: 12,
    organisers: [{ id: 9, name: 'Olga D.' }],
    suspended: false,
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

// ── The admin area ──

export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const id = newId();
  return {
    id,
    name: `Pessoa ${id}`,
    email: `pessoa${id}@exemplo.com.br`,
    phone: '48991234567',
    role: 'player',
    credits: 10,
    createdAt: '2026-01-10T12:00:00.000Z',
    deleted: false,
    ...overrides,
  };
}

export function aTransaction(overrides: Partial<CreditTransactionView> = {}): CreditTransactionView {
  return {
    id: newId(),
    created_at: '2026-02-01T15:00:00.000Z',
    amount: 10,
    type: 'add_manual',
    description: 'Créditos adicionados pelo administrador',
    status: 'paid',
    source: 'admin',
    createdBy: { id: admin.id, name: admin.name },
    ...overrides,
  };
}

/** A player enrolled in a game, as the admin's game page lists them. */
export function aGamePlayer(overrides: Partial<AdminGamePlayer> = {}): AdminGamePlayer {
  const id = newId();
  return {
    id,
    registrationId: id + 10_000,
    name: `Jogador ${id}`,
    email: `jogador${id}@exemplo.com.br`,
    phone: '48991234567',
    credits: 5,
    status: 'confirmed',
    paymentType: 'credit',
    paidAmount: 15,
    joinedAt: '2026-02-01T15:00:00.000Z',
    paymentDeadline: null,
    position: null,
    ...overrides,
  };
}

export function anAdminGameDetail(overrides: Partial<AdminGameDetail> = {}): AdminGameDetail {
  return { ...aUserGame(), players: [], waitlist: [], ...overrides };
}

export function aCancellation(overrides: Partial<Cancellation> = {}): Cancellation {
  return {
    id: newId(),
    game: { id: 9, name: 'Vôlei de Quinta', dateTime: '2026-03-05T22:00:00.000Z', timeZone: 'America/Sao_Paulo' },
    user: { id: player.id, name: player.name, email: player.email },
    reason: 'Machuquei o joelho no treino e não vou conseguir jogar nesta semana.',
    date: '2026-03-01T12:00:00.000Z',
    status: 'pending',
    amount: 22,
    paymentType: 'stripe',
    paymentMethod: 'card',
    refundedAs: null,
    rejectionReason: null,
    processedAt: null,
    processedBy: null,
    refundGuaranteed: false,
    ...overrides,
  };
}

/** The paging fields of an admin list reply. */
export function page<T>(items: T[], { page = 1, pageSize = 10, total = items.length, moreThanTotal = false } = {}) {
  return { page, pageSize, total, moreThanTotal, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

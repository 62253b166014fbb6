import type { GameRegistration, UserGame, UserGameDetail } from '../../../../shared/schemas/user-games';
import { aGame } from '../../../test/fixtures';

/** One of the organiser's games as `GET /api/user-games` lists it: published, public, a week ahead. */
export function aUserGame(overrides: Partial<UserGame> = {}): UserGame {
  const game = aGame({ creator: { id: 7, name: 'Ana Souza' } });
  return { ...game, privateLink: `link-${game.id}`, cancelReason: null, ...overrides };
}

let nextRegistrationId = 500;

export function aRegistration(overrides: Partial<GameRegistration> = {}): GameRegistration {
  nextRegistrationId += 1;
  return {
    id: nextRegistrationId,
    userId: nextRegistrationId,
    userName: `Jogador ${nextRegistrationId}`,
    userEmail: `jogador${nextRegistrationId}@exemplo.com.br`,
    paymentType: 'credit',
    status: 'confirmed',
    paidAmount: 15,
    createdAt: '2026-03-02T15:00:00.000Z',
    cancelledAt: null,
    waitlistPosition: null,
    ...overrides,
  };
}

export function aUserGameDetail(game: UserGame, registrations: GameRegistration[]): UserGameDetail {
  const count = (status: GameRegistration['status']) => registrations.filter((registration) => registration.status === status).length;
  return {
    game,
    stats: {
      confirmedRegistrations: count('confirmed'),
      pendingRegistrations: count('pending'),
      cancelledRegistrations: count('cancelled'),
      waitlistRegistrations: count('waitlist'),
      availableSlots: game.totalSlots - count('confirmed') - count('pending'),
    },
    registrations,
  };
}

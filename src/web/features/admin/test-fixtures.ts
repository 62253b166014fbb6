// Replies of the admin API for the page tests (typed by the shared schemas, so they cannot drift).
import type { AdminGameDetail, AdminGamePlayer, AdminUser, Cancellation, CreditTransactionView } from '../../../shared/schemas/admin';
import type { UserGame } from '../../../shared/schemas/user-games';
import { aGame } from '../../test/fixtures';

let nextId = 500;

export function aUserGame(overrides: Partial<UserGame> = {}): UserGame {
  return { ...aGame({ privateLink: 'link-abc' }), privateLink: 'link-abc', cancelReason: null, ...overrides };
}

export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  nextId += 1;
  return {
    id: nextId,
    name: `Pessoa ${nextId}`,
    email: `pessoa${nextId}@exemplo.com.br`,
    phone: '48991234567',
    role: 'player',
    credits: 10,
    createdAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export function aTransaction(overrides: Partial<CreditTransactionView> = {}): CreditTransactionView {
  nextId += 1;
  return {
    id: nextId,
    created_at: '2026-02-01T15:00:00.000Z',
    amount: 10,
    type: 'add_manual',
    description: 'Créditos adicionados pelo administrador',
    status: 'paid',
    source: 'admin',
    createdBy: { id: 1, name: 'Bia Admin' },
    ...overrides,
  };
}

export function aPlayer(overrides: Partial<AdminGamePlayer> = {}): AdminGamePlayer {
  nextId += 1;
  return {
    id: nextId,
    registrationId: nextId + 10_000,
    name: `Jogador ${nextId}`,
    email: `jogador${nextId}@exemplo.com.br`,
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

export function aGameDetail(overrides: Partial<AdminGameDetail> = {}): AdminGameDetail {
  return { ...aUserGame(), players: [], waitlist: [], ...overrides };
}

export function aCancellation(overrides: Partial<Cancellation> = {}): Cancellation {
  nextId += 1;
  return {
    id: nextId,
    game: { id: 9, name: 'Vôlei de Quinta', dateTime: '2026-03-05T22:00:00.000Z' },
    user: { id: 7, name: 'Ana Souza', email: 'ana@exemplo.com.br' },
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
    ...overrides,
  };
}

/** A page of a list reply. */
export function page<T>(items: T[], { page = 1, pageSize = 10, total = items.length } = {}) {
  return { page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

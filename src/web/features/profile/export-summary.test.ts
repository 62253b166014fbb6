import { describe, expect, it } from 'vitest';
import type { ExportReply } from '../../../shared/schemas/users';
import { exportSummary, exportSummaryText } from './export-summary';

const at = '2026-03-02T15:00:00.000Z';

function anExport(overrides: Partial<ExportReply> = {}): ExportReply {
  return {
    exportedAt: '2026-11-28T18:30:00.000Z',
    profile: {
      id: 7,
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      phone: '48991112222',
      role: 'player',
      credits: 12.5,
      signsInWithGoogle: false,
      hasPassword: true,
      createdAt: '2026-01-10T12:00:00.000Z',
    },
    registrations: [],
    creditTransactions: [],
    payments: [],
    cancellationRequests: [],
    notifications: [],
    invitations: [],
    calendarFeed: { active: false },
    seriesMemberships: [],
    notificationSettings: {} as ExportReply['notificationSettings'],
    pushSubscriptions: [],
    payoutKey: null,
    earnings: [],
    payouts: [],
    ...overrides,
  };
}

const registration = (status: string) => ({
  gameId: 1,
  gameName: 'Vôlei de Quinta',
  gameDateTime: at,
  status,
  paymentType: 'credit',
  paidAmount: 15,
  joinedAt: at,
  confirmedAt: null,
  cancelledAt: null,
  remindedAt: null,
  present: null,
  level: null,
  team: null,
});

const payment = (status: string, amount: number) => ({
  purpose: 'credits',
  method: 'pix',
  provider: 'sandbox',
  amount,
  status,
  refundedAmount: 0,
  gameId: null,
  createdAt: at,
  paidAt: null,
});

describe('the summary beside the exported data', () => {
  it('says in Portuguese what the file holds: the account, counts by kind, and what was paid', () => {
    const lines = Object.fromEntries(
      exportSummary(
        anExport({
          registrations: [registration('confirmed'), registration('confirmed'), registration('waitlist'), registration('cancelled')],
          payments: [payment('paid', 30), payment('refunded', 15), payment('expired', 50)],
          notifications: [
            { type: 'game_update', message: 'x', gameId: 1, readAt: null, createdAt: at },
            { type: 'game_update', message: 'y', gameId: 1, readAt: at, createdAt: at },
          ],
          calendarFeed: { active: true },
          payoutKey: { type: 'email', key: 'ana@exemplo.com.br', holderName: 'Ana Souza' },
        }),
      ).map(({ label, value }) => [label, value]),
    );
    expect(lines).toMatchObject({
      'Arquivo gerado em': '28/11/2026 às 15:30',
      Conta: 'Ana Souza · ana@exemplo.com.br · (48) 99111-2222 · criada em 10/01/2026 às 09:00 · entra com senha',
      'Saldo de créditos': 'R$ 12,50',
      'Inscrições em jogos': '4 inscrições (2 confirmadas, 1 na lista de espera, 1 cancelada)',
      'Movimentos de créditos': 'nenhum movimento',
      'Pagamentos com cartão ou PIX': '3 pagamentos, R$ 45,00 pagos',
      Notificações: '2 notificações (1 não lida)',
      'Convites para jogos': 'nenhum convite',
      'Agenda privada': 'link de assinatura ativo',
      'Chave PIX de repasses': 'ana@exemplo.com.br (Ana Souza)',
      'Como organizador': 'nenhum lançamento de recebimentos, nenhum repasse pedido',
    });
    // No English key reaches the person.
    expect(Object.values(lines).join(' ')).not.toMatch(/confirmed|waitlist|paid\b|credits/);
  });

  it('is also a text file that names the JSON it sums up', () => {
    const text = exportSummaryText(anExport({ registrations: [registration('pending')] }));
    expect(text).toContain('Bora Jogar: resumo dos seus dados');
    expect(text).toContain('Inscrições em jogos: 1 inscrição (1 aguardando pagamento)');
    expect(text).toContain('Os dados completos estão no arquivo bora-jogar-meus-dados.json.');
  });
});

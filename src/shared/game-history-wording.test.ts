import { describe, expect, it } from 'vitest';
import { historySentence } from './game-history-wording';
import type { GameHistoryEntry } from './schemas/game-history';

const ana = { id: 1, name: 'Ana Souza' };
const rui = { id: 2, name: 'Rui Lopes' };
const say = (entry: Partial<GameHistoryEntry> & Pick<GameHistoryEntry, 'action'>) => historySentence({ actor: ana, details: {}, ...entry });

describe('historySentence', () => {
  it('says what an edit changed, the date, the audience and the payment mode in words, the long fields by name', () => {
    expect(
      say({
        action: 'edited',
        details: {
          changes: [
            { field: 'date', from: '2026-12-03', to: '2026-12-04' },
            { field: 'visibility', from: 'public', to: 'private' },
            { field: 'usePlatformPayment', from: true, to: false },
            { field: 'description', from: null, to: null },
          ],
        },
      }),
    ).toBe(
      'Ana Souza mudou a data de 03/12/2026 para 04/12/2026, quem pode ver o jogo de público para privado, a forma de pagamento de pela plataforma para por fora e a descrição',
    );
    expect(say({ action: 'edited', details: { changes: [{ field: 'name', from: 'Vôlei', to: 'Vôlei de praia' }] } })).toBe(
      'Ana Souza mudou o nome de “Vôlei” para “Vôlei de praia”',
    );
  });

  it('speaks of the system without anyone, and of an administrator as the administration', () => {
    expect(say({ action: 'created', actor: null })).toBe('Jogo criado pela série semanal');
    expect(say({ action: 'player_joined', actor: null, details: { player: rui, status: 'pending', member: true } })).toBe(
      'Rui Lopes (mensalista) reservou uma vaga, aguardando pagamento',
    );
    expect(say({ action: 'player_promoted', actor: null, details: { player: rui, status: 'pending' } })).toBe(
      'Rui Lopes saiu da lista de espera: vaga reservada até o pagamento',
    );
    expect(say({ action: 'player_confirmed', actor: null, details: { player: rui, amount: 20, paymentType: 'mercadopago' } })).toBe(
      'Rui Lopes pagou R$ 20,00 por PIX e confirmou a vaga',
    );
    expect(say({ action: 'player_removed', details: { player: rui, from: 'waitlist', byAdmin: true } })).toBe(
      'Ana Souza (administração) tirou Rui Lopes da lista de espera',
    );
    expect(say({ action: 'refunded', actor: null, details: { player: rui, amount: 20, refund: 'request' } })).toBe(
      'Reembolso de R$ 20,00 para Rui Lopes pedido ao cartão/PIX',
    );
    expect(say({ action: 'message_sent', details: { audience: 'all' } })).toBe('Ana Souza enviou um aviso a todos, com a lista de espera');
  });

  it('an erased account has no name left: the sentence still reads', () => {
    expect(say({ action: 'player_left', actor: { id: 2, name: '' }, details: { player: { id: 2, name: '' }, from: 'confirmed' } })).toBe(
      'Um jogador cancelou a inscrição',
    );
  });
});

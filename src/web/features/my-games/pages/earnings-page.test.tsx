import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EarningsReply } from '../../../../shared/schemas/earnings';
import { fakeApi } from '../../../test/fake-api';
import { meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

function statement(overrides: Partial<EarningsReply> = {}): EarningsReply {
  return {
    available: 22.5,
    pending: 11.25,
    paidOut: 40,
    requested: 0,
    owed: 0,
    payoutMinimum: 10,
    feePercent: 10,
    holdHours: 24,
    payoutKey: { type: 'cpf', maskedKey: '***.982.247-**', holderName: 'Olga Prado' },
    games: [
      {
        gameId: 5,
        date: '2026-11-18T22:00:00.000Z',
        timeZone: 'America/Sao_Paulo',
        name: 'Vôlei de quarta',
        placesPaid: 2,
        gross: 37.5,
        refunds: 12.5,
        fee: 2.5,
        net: 22.5,
        status: 'available',
        availableAt: '2026-11-19T22:00:00.000Z',
        paidOutAt: null,
      },
      {
        gameId: 4,
        date: '2026-11-08T22:00:00.000Z',
        timeZone: 'America/Sao_Paulo',
        name: 'Vôlei de sábado',
        placesPaid: 4,
        gross: 44.44,
        refunds: 0,
        fee: 4.44,
        net: 40,
        status: 'paid_out',
        availableAt: '2026-11-09T22:00:00.000Z',
        paidOutAt: '2026-11-11T12:00:00.000Z',
      },
    ],
    takeBacks: [],
    testMode: false,
    payouts: [
      {
        id: 3,
        amount: 40,
        status: 'paid',
        requestedAt: '2026-11-10T12:00:00.000Z',
        paidAt: '2026-11-11T12:00:00.000Z',
        reference: 'E1234567820261111120000000000001',
        reason: null,
      },
    ],
    ...overrides,
  };
}

describe('Recebimentos', () => {
  it('shows available, pending and paid out, each game and the payouts, and asks for the payout', async () => {
    let asked = false;
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/user-games/earnings': () => ({ body: asked ? statement({ available: 0, requested: 22.5 }) : statement() }),
      'POST /api/user-games/payouts': () => {
        asked = true;
        return {
          status: 201,
          body: {
            message: 'Repasse de R$ 22,50 solicitado. Você recebe por PIX em até 2 dias úteis.',
            payout: {
              id: 4,
              amount: 22.5,
              status: 'requested',
              requestedAt: '2026-11-21T12:00:00.000Z',
              paidAt: null,
              reference: null,
              reason: null,
            },
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/my-games/earnings', { token: 'jwt-ana' });
    await findPageHeading('Recebimentos');
    expect(await screen.findByTestId('earnings-available')).toHaveTextContent('R$ 22,50');
    expect(screen.getByTestId('earnings-pending')).toHaveTextContent('R$ 11,25');
    expect(screen.getByTestId('earnings-paid-out')).toHaveTextContent('R$ 40,00');
    const game = within(screen.getByText('Vôlei de quarta').closest('li')!);
    expect(game.getByText('Disponível')).toBeInTheDocument();
    const figures = Object.fromEntries(game.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(figures).toEqual({ 'Vagas pagas': '2', Bruto: 'R$ 37,50', Reembolsos: 'R$ 12,50', Taxa: 'R$ 2,50', Líquido: 'R$ 22,50' });
    expect(within(screen.getByTestId('payout')).getByText('Pago')).toBeInTheDocument();
    expect(screen.getByText(/Vai para a chave \*\*\*\.982\.247-\*\*/)).toBeInTheDocument();

    // A game the payout covered says so, with the payout's date, though the available total is spent.
    expect(within(screen.getByText('Vôlei de sábado').closest('li')!).getByText('Repassado em 11/11/2026')).toBeInTheDocument();

    // The payout asks first, naming the amount; "Voltar" sends nothing.
    await user.click(screen.getByRole('button', { name: 'Solicitar repasse' }));
    const confirm = await screen.findByRole('dialog', { name: 'Solicitar repasse de R$ 22,50?' });
    expect(within(confirm).getByText(/vão por PIX para a chave \*\*\*\.982\.247-\*\* \(Olga Prado\)/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/user-games/payouts')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Solicitar repasse' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Solicitar R$ 22,50' }));
    expect(await screen.findByText('Repasse de R$ 22,50 solicitado. Você recebe por PIX em até 2 dias úteis.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user-games/payouts')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/user-games/payouts')[0]!.body).toEqual({ amount: 22.5 });
    await waitFor(() => expect(screen.getByText('Seu pedido de R$ 22,50 está em andamento.')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Solicitar repasse' })).toBeDisabled();
  });

  it('shows what the organiser owes, each share taken back after a game with its reason, and refuses the payout meanwhile', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/user-games/earnings': {
        body: statement({
          available: 0,
          owed: 27.6,
          testMode: true,
          takeBacks: [
            {
              gameId: 5,
              date: '2026-11-18T22:00:00.000Z',
              timeZone: 'America/Sao_Paulo',
              name: 'Vôlei de quarta',
              amount: 27.6,
              reason: 'Jogo cancelado pela administração depois de começar: quadra fechada. Os jogadores receberam o valor de volta.',
              at: '2026-11-20T15:00:00.000Z',
            },
          ],
        }),
      },
    });
    renderApp('/my-games/earnings', { token: 'jwt-ana' });
    expect(await screen.findByTestId('earnings-owed')).toHaveTextContent('R$ 27,60');
    const takeBack = within(screen.getByTestId('take-back'));
    expect(takeBack.getByText('Vôlei de quarta')).toBeInTheDocument();
    expect(takeBack.getByText('− R$ 27,60')).toBeInTheDocument();
    expect(takeBack.getByText(/quadra fechada/)).toBeInTheDocument();
    expect(screen.getByText(/Você tem R\$ 27,60 a devolver à plataforma/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar repasse' })).toBeDisabled();
    expect(screen.getByText(/Modo de teste — nenhum dinheiro real\./)).toBeInTheDocument();
  });

  it('before any paid place, says so for the games and the payouts, and shows no take-backs', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/user-games/earnings': { body: statement({ available: 0, pending: 0, paidOut: 0, games: [], payouts: [] }) },
    });
    renderApp('/my-games/earnings', { token: 'jwt-ana' });
    const games = await screen.findByRole('region', { name: 'Por jogo' });
    expect(within(games).getByText('Nenhuma vaga paga ainda')).toBeInTheDocument();
    expect(within(games).queryByRole('list')).not.toBeInTheDocument();
    const payouts = screen.getByRole('region', { name: 'Repasses' });
    expect(within(payouts).getByText('Nenhum repasse pedido ainda.')).toBeInTheDocument();
    expect(within(payouts).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Devolvido depois do jogo' })).not.toBeInTheDocument();
  });

  it('without a PIX key, or below the minimum, the payout cannot be asked for and says why', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/user-games/earnings': { body: statement({ payoutKey: null }) },
    });
    renderApp('/my-games/earnings', { token: 'jwt-ana' });
    expect(await screen.findByText('Cadastre sua chave PIX no perfil para receber.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar repasse' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cadastrar chave PIX' })).toHaveAttribute('href', '/profile#profile-payout-key');
  });
});

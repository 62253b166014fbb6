import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarningsReply } from '../../../../shared/schemas/earnings';
import type { PaymentAccountsReply } from '../../../../shared/schemas/payment-accounts';
import { checkoutNavigation } from '../../../lib/checkout-redirect';
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

describe('Receber direto na minha conta', () => {
  afterEach(() => vi.restoreAllMocks());

  const none: PaymentAccountsReply = {
    mercadopago: { available: true, status: 'none' },
    stripe: { available: true, status: 'none' },
  };

  function renderSection(accounts: () => PaymentAccountsReply, path = '/my-games/earnings', routes = {}) {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/user-games/earnings': { body: statement() },
      'GET /api/users/me/payment-accounts': () => ({ body: accounts() }),
      ...routes,
    });
    renderApp(path, { token: 'jwt-ana' });
    return { api, go };
  }

  const card = async (provider: string) => within(await screen.findByTestId(`payment-account-${provider}`));

  it('shows each provider not connected and sends the organiser to Mercado Pago’s authorisation page', async () => {
    const { api, go } = renderSection(() => none, '/my-games/earnings', {
      'POST /api/users/me/payment-accounts/mercadopago': { body: { url: 'https://auth.mercadopago.com/authorization?state=abc' } },
    });
    expect(await screen.findByRole('heading', { name: 'Receber direto na minha conta' })).toBeInTheDocument();
    const mercadoPago = await card('mercadopago');
    expect(mercadoPago.getByText('Não conectada')).toBeInTheDocument();
    expect((await card('stripe')).getByText('Não conectada')).toBeInTheDocument();
    expect(mercadoPago.queryByRole('button', { name: /Desconectar/ })).not.toBeInTheDocument();

    await userEvent.setup().click(mercadoPago.getByRole('button', { name: 'Conectar: Mercado Pago' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://auth.mercadopago.com/authorization?state=abc'));
    expect(api.callsTo('POST', '/api/users/me/payment-accounts/mercadopago')).toHaveLength(1);
  });

  it('back from Mercado Pago: says it is connected, shows the seller, and disconnects after asking', async () => {
    let connected = true;
    const { api } = renderSection(
      () =>
        connected
          ? { ...none, mercadopago: { available: true, status: 'connected', sellerId: '202', expiresAt: '2027-05-19T12:00:00.000Z' } }
          : none,
      '/my-games/earnings?conta=mercadopago&resultado=connected',
      {
        'DELETE /api/users/me/payment-accounts/mercadopago': () => {
          connected = false;
          return { body: { message: 'Conta do Mercado Pago desconectada. Os pagamentos voltam a passar pela plataforma.' } };
        },
      },
    );
    expect(await screen.findByText('Conta do Mercado Pago conectada. Pronto para receber direto na sua conta.')).toBeInTheDocument();
    const mercadoPago = await card('mercadopago');
    expect(mercadoPago.getByText('Conectada')).toBeInTheDocument();
    expect(mercadoPago.getByText(/Conta 202 · autorização renovada sozinha \(vale até 19\/05\/2027\)/)).toBeInTheDocument();
    expect(mercadoPago.queryByRole('button', { name: /^Conectar/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(mercadoPago.getByRole('button', { name: 'Desconectar o Mercado Pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desconectar a conta do Mercado Pago?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desconectar' }));
    expect(
      await screen.findByText('Conta do Mercado Pago desconectada. Os pagamentos voltam a passar pela plataforma.'),
    ).toBeInTheDocument();
    await waitFor(async () => expect((await card('mercadopago')).getByText('Não conectada')).toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/users/me/payment-accounts/mercadopago')).toHaveLength(1);
  });

  it('says in Portuguese why a connection failed, and what a lost or half-done account needs', async () => {
    renderSection(
      () => ({
        mercadopago: { available: true, status: 'expired', sellerId: '202' },
        stripe: { available: true, status: 'connected', accountId: 'acct_1', chargesEnabled: false },
      }),
      '/my-games/earnings?conta=mercadopago&resultado=state_expired',
    );
    expect(await screen.findByText('O pedido de conexão venceu (vale 10 minutos). Toque em "Conectar" de novo.')).toBeInTheDocument();
    const mercadoPago = await card('mercadopago');
    expect(mercadoPago.getByText('Autorização vencida')).toBeInTheDocument();
    expect(mercadoPago.getByRole('button', { name: 'Conectar de novo: Mercado Pago' })).toBeInTheDocument();
    expect(
      mercadoPago.getByText(
        'Enquanto a conta do Mercado Pago não for conectada de novo, os pagamentos dos seus jogos entram na conta da plataforma e chegam a você por PIX.',
      ),
    ).toBeInTheDocument();
    const stripe = await card('stripe');
    expect(stripe.getByText('Cadastro pendente')).toBeInTheDocument();
    expect(stripe.getByRole('button', { name: 'Continuar cadastro: Stripe' })).toBeInTheDocument();
    expect(stripe.queryByText(/entram na conta da plataforma/)).not.toBeInTheDocument();
  });

  it('says, beside an account withdrawn, that payments go to the platform meanwhile', async () => {
    renderSection(
      () => ({ ...none, stripe: { available: true, status: 'revoked', accountId: 'acct_1', chargesEnabled: false } }),
      '/my-games/earnings',
    );
    const stripe = await card('stripe');
    expect(stripe.getByText('Acesso retirado')).toBeInTheDocument();
    expect(
      stripe.getByText(
        'Enquanto a conta da Stripe não for conectada de novo, os pagamentos dos seus jogos entram na conta da plataforma e chegam a você por PIX.',
      ),
    ).toBeInTheDocument();
    expect(stripe.getByRole('button', { name: 'Conectar de novo: Stripe' })).toBeInTheDocument();
  });

  it('an environment without a provider says so and offers no button; an unknown result says nothing', async () => {
    renderSection(
      () => ({ mercadopago: { available: false, status: 'none' }, stripe: { available: false, status: 'none' } }),
      '/my-games/earnings?conta=mercadopago&resultado=qualquer',
    );
    const stripe = await card('stripe');
    expect(stripe.getByText('Receber pela Stripe não está disponível neste ambiente.')).toBeInTheDocument();
    expect(stripe.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/Toque em "Conectar"/)).not.toBeInTheDocument();
  });
});

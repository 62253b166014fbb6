import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const reply = (overrides: Record<string, unknown>) => ({
  body: {
    success: true,
    status: 'paid',
    message: 'Pagamento confirmado! R$ 50,00 foram adicionados aos seus créditos.',
    credits: 75.5,
    purpose: 'topup',
    outcome: 'credited',
    amount: 50,
    gameId: null,
    ...overrides,
  },
});

describe('/payment-success', () => {
  it('verifies the session, shows the outcome, refreshes the header balance and links on', async () => {
    let credits = player.credits;
    const api = fakeApi({
      'GET /api/users/me': () => meReply({ ...player, credits }),
      'GET /api/credits/verify-payment': () => {
        credits = 75.5;
        return reply({});
      },
    });
    renderApp('/payment-success?session_id=pay_abc', { token: 'jwt-ana' });
    await findPageHeading('Pagamento');

    expect(await screen.findByText('Pagamento confirmado!')).toBeInTheDocument();
    expect(screen.getByText('R$ 50,00 foram adicionados aos seus créditos.')).toBeInTheDocument();
    // "Pagamento confirmado!" once: the title, not again in the sentence under it.
    expect(screen.getAllByText(/Pagamento confirmado!/)).toHaveLength(1);
    expect(api.callsTo('GET', '/api/credits/verify-payment')[0]?.path).toBe('/api/credits/verify-payment?session_id=pay_abc');
    const header = screen.getAllByRole('banner')[0]!;
    await waitFor(() => expect(within(header).getAllByText('R$ 75,50')[0]).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Ver jogos' })).toHaveAttribute('href', '/games');
    expect(screen.getByRole('link', { name: 'Meu perfil' })).toHaveAttribute('href', '/profile');
  });

  it('a paid game links to its confirmation', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/credits/verify-payment': reply({
        purpose: 'game',
        outcome: 'confirmed',
        gameId: 12,
        message: 'Pagamento confirmado! Sua inscrição em Vôlei está confirmada.',
      }),
    });
    renderApp('/payment-success?session_id=cs_1', { token: 'jwt-ana' });
    expect(await screen.findByText('Sua inscrição em Vôlei está confirmada.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver inscrição' })).toHaveAttribute('href', '/confirmation/12');
  });

  it('says so without a session id, and does not call the server', async () => {
    const api = fakeApi({ 'GET /api/users/me': meReply(player) });
    renderApp('/payment-success', { token: 'jwt-ana' });
    await findPageHeading('Pagamento');
    expect(screen.getByRole('alert')).toHaveTextContent('Sessão de pagamento não encontrada');
    expect(api.callsTo('GET', '/api/credits/verify-payment')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Ver jogos' })).toBeInTheDocument();
  });

  it('shows a pending payment as awaiting confirmation', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/credits/verify-payment': reply({ success: false, status: 'pending', message: 'Pagamento ainda não confirmado.' }),
    });
    renderApp('/payment-success?session_id=pay_x', { token: 'jwt-ana' });
    expect(await screen.findByText('Aguardando confirmação')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificar novamente' })).toBeInTheDocument();
  });

  it('a failed or unknown payment offers to add credits again', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/credits/verify-payment': reply({
        success: false,
        status: 'not_found',
        message: 'Sessão de pagamento não encontrada',
        purpose: null,
        outcome: null,
      }),
      'GET /api/credits/config': { body: { mode: 'live' } },
    });
    renderApp('/payment-success?session_id=pay_x', { token: 'jwt-ana' });
    expect(await screen.findByText('Pagamento não confirmado')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Adicionar créditos' }).click();
    expect(await screen.findByRole('dialog', { name: 'Adicionar créditos' })).toBeInTheDocument();
  });

  it('server and connection errors have their own texts', async () => {
    fakeApi({ 'GET /api/users/me': meReply(player), 'GET /api/credits/verify-payment': { status: 500, body: {} } });
    const first = renderApp('/payment-success?session_id=pay_x', { token: 'jwt-ana' });
    expect(await screen.findByText('Erro ao verificar pagamento')).toBeInTheDocument();
    first.unmount();

    fakeApi({ 'GET /api/users/me': meReply(player), 'GET /api/credits/verify-payment': 'network-error' });
    renderApp('/payment-success?session_id=pay_y', { token: 'jwt-ana' });
    expect(await screen.findByText('Erro de conexão ao verificar pagamento')).toBeInTheDocument();
  });
});

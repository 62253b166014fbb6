import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutNavigation } from '../../../lib/checkout-redirect';
import { fakeApi } from '../../../test/fake-api';
import { meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

afterEach(() => vi.restoreAllMocks());

function setup(mode: 'sandbox' | 'live', routes: Parameters<typeof fakeApi>[0] = {}) {
  const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
  const api = fakeApi({ 'GET /api/users/me': meReply(player), 'GET /api/credits/config': { body: { mode } }, ...routes });
  return { api, go };
}

describe('/add-credit', () => {
  it('offers the way back to the game it was opened from', async () => {
    setup('live');
    renderApp('/add-credit?voltar=%2Fapply%2F7', { token: 'jwt-ana' });
    await findPageHeading('Adicionar créditos');
    expect(screen.getByRole('link', { name: 'Voltar ao jogo' })).toHaveAttribute('href', '/apply/7');
  });

  it('says the cancelled purchase ended, and still offers the way back kept before the provider', async () => {
    const { api } = setup('live', {
      'POST /api/credits/cancel-checkout': { body: { status: 'cancelled', message: 'Compra de créditos cancelada. Nada foi cobrado.' } },
    });
    window.sessionStorage.setItem('bora-jogar:voltar', '/apply/7');
    renderApp('/add-credit?cancelado=pay_abc', { token: 'jwt-ana' });
    expect(await screen.findByText('Compra de créditos cancelada. Nada foi cobrado.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/credits/cancel-checkout')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/credits/cancel-checkout')[0]!.body).toEqual({ session_id: 'pay_abc' });
    expect(screen.getByRole('link', { name: 'Voltar ao jogo' })).toHaveAttribute('href', '/apply/7');
    window.sessionStorage.clear();
  });

  it('never offers a way back to another site', async () => {
    setup('live');
    renderApp('/add-credit?voltar=%2F%2Fevil.example', { token: 'jwt-ana' });
    await findPageHeading('Adicionar créditos');
    expect(screen.queryByRole('link', { name: 'Voltar ao jogo' })).not.toBeInTheDocument();
  });

  it('starts with PIX chosen, keeps submit disabled until a positive amount, and flags <= 0', async () => {
    setup('live');
    const user = userEvent.setup();
    renderApp('/add-credit', { token: 'jwt-ana' });
    await findPageHeading('Adicionar créditos');

    expect(screen.getByRole('radio', { name: /PIX/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Cartão/ })).not.toBeChecked();
    const amount = screen.getByLabelText('Valor (R$)');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('min', '1');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toBeRequired();
    const submit = screen.getByRole('button', { name: 'Continuar para o pagamento' });
    expect(submit).toBeDisabled();

    await user.type(amount, '0');
    expect(screen.getByText('Por favor, insira um valor válido.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '-3');
    expect(screen.getByText('Por favor, insira um valor válido.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar créditos de teste' })).not.toBeInTheDocument();
  });

  it('PIX goes to the Mercado Pago checkout (sandbox address on a local host)', async () => {
    const { api, go } = setup('live', {
      'POST /api/credits/create-mercadopago-checkout': {
        body: { initPoint: 'https://mp.test/real', sandboxInitPoint: 'https://mp.test/sandbox' },
      },
    });
    const user = userEvent.setup();
    renderApp('/add-credit', { token: 'jwt-ana' });
    await findPageHeading('Adicionar créditos');
    await user.type(screen.getByLabelText('Valor (R$)'), '50');
    await user.click(screen.getByRole('button', { name: 'Pagar R$ 50,00 com PIX' }));

    await waitFor(() => expect(go).toHaveBeenCalledWith('https://mp.test/sandbox'));
    expect(api.callsTo('POST', '/api/credits/create-mercadopago-checkout')[0]?.body).toEqual({ amount: 50 });
  });

  it('Cartão goes to the card checkout url; a server error is shown', async () => {
    const { api, go } = setup('live', {
      'POST /api/credits/create-checkout': { status: 503, body: { code: 'checkout_failed', message: 'Erro ao gerar sessão de pagamento' } },
    });
    const user = userEvent.setup();
    renderApp('/add-credit', { token: 'jwt-ana' });
    await findPageHeading('Adicionar créditos');
    await user.click(screen.getByRole('radio', { name: /Cartão/ }));
    await user.click(screen.getByRole('button', { name: 'R$ 100,00' }));
    await user.click(screen.getByRole('button', { name: 'Pagar R$ 100,00 com cartão' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao gerar sessão de pagamento');
    expect(api.callsTo('POST', '/api/credits/create-checkout')[0]?.body).toEqual({ amount: 100 });
    expect(go).not.toHaveBeenCalled();
  });

  it('sends the typed amount in reais, exact to the centavo', async () => {
    const { api } = setup('live', {
      'POST /api/credits/create-mercadopago-checkout': {
        body: { initPoint: 'https://mp.test/real', sandboxInitPoint: 'https://mp.test/sandbox' },
      },
    });
    const user = userEvent.setup();
    renderApp('/add-credit', { token: 'jwt-ana' });
    await findPageHeading('Adicionar créditos');
    await user.type(screen.getByLabelText('Valor (R$)'), '4.35');
    await user.click(screen.getByRole('button', { name: 'Pagar R$ 4,35 com PIX' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/credits/create-mercadopago-checkout')[0]?.body).toEqual({ amount: 4.35 }));
  });

  it('rejects more than two decimals before calling the server', async () => {
    const { api } = setup('live');
    const user = userEvent.setup();
    renderApp('/add-credit', { token: 'jwt-ana' });
    await findPageHeading('Adicionar créditos');
    await user.type(screen.getByLabelText('Valor (R$)'), '10.555');
    await user.click(screen.getByRole('button', { name: /^Pagar/ }));
    expect(screen.getByText(/no máximo duas casas decimais/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/credits/create-mercadopago-checkout')).toHaveLength(0);
  });

  it('in sandbox mode offers instant test credits and updates the header balance', async () => {
    let credits = player.credits;
    const { api } = setup('sandbox', {
      'GET /api/users/me': () => meReply({ ...player, credits }),
      'POST /api/credits/add': () => {
        credits += 20;
        return { body: { message: 'R$ 20,00 em créditos de teste adicionados.', credits } };
      },
    });
    const user = userEvent.setup();
    renderApp('/add-credit', { token: 'jwt-ana' });
    await findPageHeading('Adicionar créditos');
    expect(await screen.findByText('Ambiente de teste')).toBeInTheDocument();
    const header = screen.getAllByRole('banner')[0]!;
    expect(within(header).getAllByText('R$ 25,50')[0]).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'R$ 20,00' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar créditos de teste' }));

    expect(await screen.findByText('R$ 20,00 em créditos de teste adicionados.')).toBeInTheDocument();
    await waitFor(() => expect(within(header).getAllByText('R$ 45,50')[0]).toBeInTheDocument());
    expect(screen.getByTestId('current-balance')).toHaveTextContent('R$ 45,50');
    expect(api.callsTo('POST', '/api/credits/add')[0]?.body).toEqual({ amount: 20 });
  });
});

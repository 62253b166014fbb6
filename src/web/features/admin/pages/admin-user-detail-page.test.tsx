import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { admin, anAdminUser, aTransaction, meReply } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const ana = anAdminUser({ name: 'Ana Souza', email: 'ana@exemplo.com.br', phone: '48991234567', credits: 12.5 });
const history = [
  aTransaction({ type: 'spend_game', amount: -15, description: 'Inscrição no jogo Vôlei de Quinta', source: 'credit', createdBy: null }),
  aTransaction({ type: 'add_pix', amount: 27.5, description: 'Compra de créditos por PIX', source: 'pix', createdBy: null }),
];
const payments = {
  stripePayments: [
    {
      id: 3,
      created_at: '2026-02-01T15:00:00.000Z',
      amount: 27.5,
      method: 'pix' as const,
      provider: 'sandbox' as const,
      status: 'paid' as const,
      purpose: 'topup' as const,
      game: null,
      description: 'Compra de créditos',
      refundedAmount: 0,
      paidAt: '2026-02-01T15:01:00.000Z',
    },
  ],
  stripePaymentsTotal: 1,
  creditTransactions: history,
  total: 2,
  page: 1,
  pageSize: 20,
  totalPages: 1,
};

function routes(addCredits: Parameters<typeof fakeApi>[0][string]) {
  return {
    'GET /api/users/me': meReply(admin),
    [`GET /api/admin/users/${ana.id}`]: { body: ana },
    [`GET /api/admin/users/${ana.id}/payments`]: { body: payments },
    [`POST /api/admin/users/${ana.id}/credits`]: addCredits,
  };
}

describe('admin user detail', () => {
  it('shows the user, the balance, the history in pt-BR and the card/PIX payments', async () => {
    fakeApi(routes({ status: 500 }));
    renderApp(`/admin/users/${ana.id}`, { token: 'jwt-bia' });
    await findPageHeading('Ana Souza');

    expect(screen.getByText('(48) 99123-4567')).toBeInTheDocument();
    expect(screen.getByTestId('user-balance')).toHaveTextContent('R$ 12,50');
    const table = await screen.findByRole('table', { name: 'Histórico de transações' });
    const [spend, pix] = within(table).getAllByRole('row').slice(1);
    expect(within(spend!).getByText('Inscrição em jogo')).toBeInTheDocument();
    expect(within(spend!).getByText('−R$ 15,00')).toHaveClass('text-red-700');
    expect(within(spend!).getByText('Créditos')).toBeInTheDocument();
    expect(within(pix!).getByText('+R$ 27,50')).toHaveClass('text-green-700');
    // Type (add_pix) and source (pix) both read PIX.
    expect(within(pix!).getAllByText('PIX')).toHaveLength(2);
    expect(within(pix!).getByText('Pago')).toBeInTheDocument();
    const providers = screen.getByRole('heading', { name: 'Pagamentos por cartão e PIX' }).closest('section')!;
    expect(within(providers).getByText(/PIX · Ambiente de teste · Compra de créditos/)).toBeInTheDocument();
    expect(within(providers).queryByText(/mais recentes de/)).not.toBeInTheDocument();
  });

  it('says when the card/PIX payments shown are only the latest of many', async () => {
    fakeApi({
      ...routes({ status: 500 }),
      [`GET /api/admin/users/${ana.id}/payments`]: { body: { ...payments, stripePaymentsTotal: 312 } },
    });
    renderApp(`/admin/users/${ana.id}`, { token: 'jwt-bia' });
    const heading = await screen.findByRole('heading', { name: 'Pagamentos por cartão e PIX' });
    expect(heading.closest('section')!).toHaveTextContent('Os 1 mais recentes de 312 pagamentos.');
  });

  it('pages a long statement: Próxima reads the next page and the address keeps it', async () => {
    const rows = (page: number) =>
      Array.from({ length: page < 3 ? 20 : 5 }, (_, i) =>
        aTransaction({ amount: 1, description: `Lançamento ${(page - 1) * 20 + i + 1}` }),
      );
    const api = fakeApi({
      ...routes({ status: 500 }),
      [`GET /api/admin/users/${ana.id}/payments`]: (call) => {
        const page = Number(new URL(call.path, 'http://localhost').searchParams.get('page') ?? 1);
        return { body: { ...payments, creditTransactions: rows(page), total: 45, page, totalPages: 3 } };
      },
    });
    const user = userEvent.setup();
    renderApp(`/admin/users/${ana.id}`, { token: 'jwt-bia' });
    await findPageHeading('Ana Souza');
    const table = await screen.findByRole('table', { name: 'Histórico de transações' });
    expect(within(table).getByText('Lançamento 1')).toBeInTheDocument();
    const paging = screen.getByRole('navigation', { name: 'Paginação' });
    expect(paging).toHaveTextContent('45 lançamentos');
    expect(paging).toHaveTextContent('Página 1 de 3');

    await user.click(within(paging).getByRole('button', { name: /Próxima/ }));
    expect(await within(table).findByText('Lançamento 21')).toBeInTheDocument();
    expect(screen.queryByText('Lançamento 1')).not.toBeInTheDocument();
    expect(paging).toHaveTextContent('Página 2 de 3');
    expect(currentPath()).toBe(`/admin/users/${ana.id}?page=2`);
    expect(api.callsTo('GET', `/api/admin/users/${ana.id}/payments`).at(-1)!.path).toBe(`/api/admin/users/${ana.id}/payments?page=2`);
  });

  it('validates the amount before calling the server', async () => {
    const api = fakeApi(routes({ status: 500 }));
    const user = userEvent.setup();
    renderApp(`/admin/users/${ana.id}`, { token: 'jwt-bia' });
    await findPageHeading('Ana Souza');

    await user.click(screen.getByRole('button', { name: 'Adicionar créditos' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar créditos' });
    const amount = within(dialog).getByLabelText('Valor (R$)');
    expect(amount).toHaveAttribute('min', '0.01');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toBeRequired();
    const submit = within(dialog).getByRole('button', { name: 'Adicionar créditos' });

    await user.click(submit);
    expect(within(dialog).getByText('Informe o valor a adicionar.')).toBeInTheDocument();
    await user.type(amount, '0');
    await user.click(submit);
    expect(within(dialog).getByText('O valor mínimo é R$ 0,01.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amount);
    await user.type(amount, '10.555');
    await user.click(submit);
    expect(within(dialog).getByText('Use no máximo duas casas decimais.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/users/${ana.id}/credits`)).toHaveLength(0);
    // A valid amount goes out in reais, exact to the centavo.
    await user.clear(amount);
    await user.type(amount, '0.29');
    await user.click(submit);
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/admin/users/${ana.id}/credits`).map((call) => call.body)).toEqual([{ amount: 0.29 }]),
    );
  });

  it('adds credits with an idempotency key, updates the balance and says so; a failure is shown', async () => {
    let reply: { status: number; body: unknown } = {
      status: 409,
      body: { code: 'idempotency_key_reused', message: 'Esta Idempotency-Key já foi usada em outra operação.' },
    };
    const api = fakeApi(routes(() => reply));
    const user = userEvent.setup();
    renderApp(`/admin/users/${ana.id}`, { token: 'jwt-bia' });
    await findPageHeading('Ana Souza');

    await user.click(screen.getByRole('button', { name: 'Adicionar créditos' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar créditos' });
    await user.type(within(dialog).getByLabelText('Valor (R$)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar créditos' }));
    expect(await within(dialog).findByText('Esta Idempotency-Key já foi usada em outra operação.')).toBeInTheDocument();

    // The retry of the same amount carries the same key: the server can answer the same ledger row.
    reply = {
      status: 200,
      body: { message: 'R$ 20,00 adicionados aos créditos do usuário.', credits: 32.5, transaction: aTransaction({ amount: 20 }) },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar créditos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('R$ 20,00 adicionados aos créditos do usuário.')).toBeInTheDocument();
    expect(screen.getByTestId('user-balance')).toHaveTextContent('R$ 32,50');

    const posts = api.callsTo('POST', `/api/admin/users/${ana.id}/credits`);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({ amount: 20 });
    const key = posts[0]!.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.headers['Idempotency-Key']).toBe(key);
    // The history is fetched again with the new row.
    expect(api.callsTo('GET', `/api/admin/users/${ana.id}/payments`).length).toBeGreaterThanOrEqual(2);
  });
});

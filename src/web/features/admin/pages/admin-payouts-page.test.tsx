import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPayout } from '../../../../shared/schemas/earnings';
import { fakeApi } from '../../../test/fake-api';
import { admin, meReply } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const requested: AdminPayout = {
  id: 31,
  amount: 55.8,
  status: 'requested',
  requestedAt: '2026-11-21T15:00:00.000Z',
  paidAt: null,
  reference: null,
  reason: null,
  organiser: { id: 7, name: 'Olga Prado', email: 'olga@exemplo.com.br' },
  key: { type: 'cpf', key: '52998224725', holderName: 'Olga Prado' },
  decidedAt: null,
  balanceNow: 55.8,
};
const REFERENCE = 'E1234567820261127120000000000001';

describe('admin payouts', () => {
  it('lists the requested payouts with the whole key to copy, and records one paid with the PIX end-to-end id', async () => {
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/payouts': (call) => {
        const status = new URL(call.path, 'http://localhost').searchParams.get('status');
        return { body: { payouts: status === 'requested' ? [requested] : [], testMode: false } };
      },
      'POST /api/admin/payouts/31/paid': {
        body: {
          message: 'Repasse de R$ 55,80 registrado como pago.',
          payout: {
            ...requested,
            status: 'paid',
            reference: REFERENCE,
            paidAt: '2026-11-22T12:00:00.000Z',
            decidedAt: '2026-11-22T12:00:00.000Z',
          },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/payouts', { token: 'jwt-bia' });
    await findPageHeading('Repasses');
    const row = within((await screen.findByText('Olga Prado', { selector: 'span.font-semibold' })).closest('tr')!);
    expect(row.getAllByText('R$ 55,80')).toHaveLength(2);
    expect(row.getByTestId('payout-balance-now')).toHaveTextContent('R$ 55,80');
    expect(row.queryByText('Não cobre o pedido: rejeite')).toBeNull();
    expect(row.getByTestId('payout-key')).toHaveTextContent('52998224725');
    expect(row.getByRole('button', { name: 'Copiar chave' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/payouts')[0]!.path).toBe('/api/admin/payouts?status=requested');

    await user.click(row.getByRole('button', { name: 'Marcar como pago o repasse de Olga Prado' }));
    const dialog = screen.getByRole('dialog', { name: 'Marcar repasse como pago' });
    await user.type(within(dialog).getByLabelText('Identificador da transação PIX (E2E ID)'), 'E123');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(within(dialog).getByText(/a letra E seguida de 31 letras ou números/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/payouts/31/paid')).toHaveLength(0);

    const field = within(dialog).getByLabelText('Identificador da transação PIX (E2E ID)');
    await user.clear(field);
    // As a bank may show it: lower-case, sent as stored.
    await user.type(field, REFERENCE.toLowerCase());
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(await screen.findByText('Repasse de R$ 55,80 registrado como pago.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/payouts/31/paid')[0]!.body).toEqual({ reference: REFERENCE });

    await user.click(screen.getByRole('button', { name: 'Pagos' }));
    expect(await screen.findByText('Nenhum repasse pago.')).toBeInTheDocument();
  });

  it("labels a decided payout's date by what was decided, not as its actions", async () => {
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/payouts': {
        body: {
          payouts: [
            {
              ...requested,
              status: 'paid',
              reference: REFERENCE,
              paidAt: '2026-11-22T12:00:00.000Z',
              decidedAt: '2026-11-22T12:00:00.000Z',
            },
            { ...requested, id: 32, status: 'rejected', reason: 'Chave de outra pessoa', decidedAt: '2026-11-23T12:00:00.000Z' },
          ],
          testMode: false,
        },
      },
    });
    renderApp('/admin/payouts?status=all', { token: 'jwt-bia' });
    const paidOn = await screen.findByText('22/11/2026 às 09:00');
    expect(paidOn.closest('td')).toHaveAttribute('data-label', 'Pago em');
    expect(screen.getByText('23/11/2026 às 09:00').closest('td')).toHaveAttribute('data-label', 'Rejeitado em');
    expect(document.querySelector('td[data-label="Ações"]')).toBeNull();
  });

  it('shows the balance now beside each request, warns when it no longer covers it, and says test money is not real', async () => {
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/payouts': { body: { payouts: [{ ...requested, balanceNow: 28.2 }], testMode: true } },
    });
    const user = userEvent.setup();
    renderApp('/admin/payouts', { token: 'jwt-bia' });
    const balance = await screen.findByTestId('payout-balance-now');
    expect(balance).toHaveTextContent('R$ 28,20');
    expect(balance).toHaveTextContent('Não cobre o pedido: rejeite');
    expect(screen.getByText(/Modo de teste — nenhum dinheiro real\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar como pago o repasse de Olga Prado' }));
    const dialog = screen.getByRole('dialog', { name: 'Marcar repasse como pago' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'O saldo deste organizador agora é R$ 28,20, menor que o repasse de R$ 55,80',
    );
  });

  it('rejects a payout only with a reason', async () => {
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/payouts': { body: { payouts: [requested], testMode: false } },
      'POST /api/admin/payouts/31/reject': {
        body: {
          message: 'Repasse rejeitado. O valor voltou a ficar disponível para o organizador.',
          payout: { ...requested, status: 'rejected', reason: 'Chave de outra pessoa', decidedAt: '2026-11-22T12:00:00.000Z' },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/payouts', { token: 'jwt-bia' });
    await screen.findByTestId('payout-key');
    await user.click(screen.getByRole('button', { name: 'Rejeitar o repasse de Olga Prado' }));
    const dialog = screen.getByRole('dialog', { name: 'Rejeitar repasse' });
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar repasse' }));
    expect(within(dialog).getByLabelText('Motivo da rejeição')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/admin/payouts/31/reject')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Motivo da rejeição'), 'Chave de outra pessoa');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar repasse' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/payouts/31/reject')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/payouts/31/reject')[0]!.body).toEqual({ reason: 'Chave de outra pessoa' });
  });
});

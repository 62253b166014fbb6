import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Cancellation } from '../../../../shared/schemas/admin';
import { fakeApi } from '../../../test/fake-api';
import { aCancellation, admin, meReply } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const pending = aCancellation({ user: { id: 7, name: 'Ana Souza', email: 'ana@exemplo.com.br' }, amount: 22, paymentMethod: 'card' });
const guaranteed = aCancellation({ user: { id: 9, name: 'Caio Reis', email: 'caio@exemplo.com.br' }, refundGuaranteed: true });
const processed = aCancellation({
  user: { id: 8, name: 'Bruno Lima', email: 'bruno@exemplo.com.br' },
  status: 'processed',
  refundedAs: 'credits',
  processedAt: '2026-03-02T12:00:00.000Z',
  processedBy: { id: 1, name: 'Bia Admin' },
});

function reply(cancellations: Cancellation[]) {
  return { body: { cancellations, page: 1, pageSize: 20, total: cancellations.length, totalPages: 1 } };
}

function rowOf(name: string) {
  return within(screen.getByText(name).closest('tr')!);
}

describe('admin cancellations', () => {
  it('lists the requests with a truncated reason, filters by status and has an empty message per filter', async () => {
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/cancellations': (call) => {
        const status = new URL(call.path, 'http://localhost').searchParams.get('status');
        if (status === 'pending') return reply([pending]);
        if (status) return reply([]);
        return reply([pending, guaranteed, processed]);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/cancellations', { token: 'jwt-bia' });
    await findPageHeading('Gestão de cancelamentos');
    await screen.findByText('Ana Souza');

    const ana = rowOf('Ana Souza');
    const reason = ana.getByText(pending.reason!);
    expect(reason).toHaveAttribute('title', pending.reason);
    expect(reason).toHaveClass('truncate');
    expect(ana.getByText('R$ 22,00')).toBeInTheDocument();
    expect(ana.getByText('Cartão')).toBeInTheDocument();
    expect(ana.getByRole('button', { name: 'Processar pedido de Ana Souza' })).toBeInTheDocument();
    expect(ana.getByRole('button', { name: 'Rejeitar pedido de Ana Souza' })).toBeInTheDocument();
    // A refund the Terms promise can only be processed.
    const caio = rowOf('Caio Reis');
    expect(caio.getByRole('button', { name: 'Processar pedido de Caio Reis' })).toBeInTheDocument();
    expect(caio.queryByRole('button', { name: 'Rejeitar pedido de Caio Reis' })).not.toBeInTheDocument();
    expect(caio.getByText('Garantido pelos Termos')).toBeInTheDocument();
    const bruno = rowOf('Bruno Lima');
    expect(bruno.queryByRole('button')).not.toBeInTheDocument();
    expect(bruno.getByText('Em créditos por Bia Admin em 02/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Paginação' })).toHaveTextContent('3 pedidos');

    await user.click(screen.getByRole('button', { name: 'Pendentes' }));
    await waitFor(() => expect(screen.queryByText('Bruno Lima')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Pendentes' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('GET', '/api/admin/cancellations').at(-1)!.path).toBe('/api/admin/cancellations?status=pending');

    await user.click(screen.getByRole('button', { name: 'Rejeitados' }));
    expect(await screen.findByText('Nenhum pedido rejeitado.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Processados' }));
    expect(await screen.findByText('Nenhum pedido processado.')).toBeInTheDocument();
  });

  it('processes a request to the original card by default, or as credits', async () => {
    let calls = 0;
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/cancellations': () => reply([pending]),
      [`PUT /api/admin/cancellations/${pending.id}`]: () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { code: 'payment_provider_unavailable', message: 'O provedor de pagamento está indisponível.' } }
          : {
              body: {
                message: 'Reembolso de R$ 22,00 processado com sucesso.',
                cancellation: { ...pending, status: 'processed', refundedAs: 'credits' },
              },
            };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/cancellations', { token: 'jwt-bia' });
    await screen.findByText('Ana Souza');

    await user.click(screen.getByRole('button', { name: 'Processar pedido de Ana Souza' }));
    const dialog = screen.getByRole('dialog', { name: 'Processar reembolso' });
    expect(within(dialog).getByRole('radio', { name: /Estornar no Cartão/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Processar reembolso' }));
    expect(await within(dialog).findByText('O provedor de pagamento está indisponível.')).toBeInTheDocument();
    expect(within(dialog).getByText('Erro ao processar cancelamento')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /Devolver como créditos/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Processar reembolso' }));
    expect(await screen.findByText('Reembolso de R$ 22,00 processado com sucesso.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const puts = api.callsTo('PUT', `/api/admin/cancellations/${pending.id}`);
    expect(puts.map((call) => call.body)).toEqual([
      { status: 'processed', refundAs: 'original' },
      { status: 'processed', refundAs: 'credits' },
    ]);
  });

  it('rejects a request only with a reason', async () => {
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/cancellations': () => reply([pending]),
      [`PUT /api/admin/cancellations/${pending.id}`]: {
        body: {
          message: 'Pedido de cancelamento rejeitado.',
          cancellation: { ...pending, status: 'rejected', rejectionReason: 'Fora do prazo' },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/cancellations', { token: 'jwt-bia' });
    await screen.findByText('Ana Souza');

    await user.click(screen.getByRole('button', { name: 'Rejeitar pedido de Ana Souza' }));
    const dialog = screen.getByRole('dialog', { name: 'Rejeitar pedido' });
    await user.type(within(dialog).getByLabelText('Motivo da rejeição'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar pedido' }));
    expect(within(dialog).getByText('Informe o motivo da rejeição.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Motivo da rejeição')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', `/api/admin/cancellations/${pending.id}`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Motivo da rejeição'), ' Fora do prazo ');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar pedido' }));
    expect(await screen.findByText('Pedido de cancelamento rejeitado.')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/admin/cancellations/${pending.id}`)[0]!.body).toEqual({ status: 'rejected', reason: 'Fora do prazo' });
  });

  it('shows "Erro ao carregar cancelamentos" when the list fails', async () => {
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/cancellations': { status: 400, body: { code: 'validation_failed', message: 'Requisição inválida.' } },
    });
    renderApp('/admin/cancellations', { token: 'jwt-bia' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar cancelamentos');
  });
});

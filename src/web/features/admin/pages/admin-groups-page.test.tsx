import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminGroup } from '../../../../shared/schemas/groups';
import { fakeApi } from '../../../test/fake-api';
import { admin, aGroup, meReply } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const suspended: AdminGroup = {
  ...aGroup({ id: 7, name: 'Vôlei do Campeche', slug: 'volei-do-campeche', visibility: 'public', joinPolicy: 'open', suspended: true }),
  owner: { id: 3, name: 'Olga Dona', email: 'olga@exemplo.com.br' },
  suspendedAt: '2030-01-05T12:00:00.000Z',
  suspendReason: 'Cobrança fora da plataforma',
  gameCount: 4,
};
const lifted: AdminGroup = { ...suspended, suspended: false, suspendedAt: null, suspendReason: null };

describe('/admin/turmas', () => {
  it('reactivates a suspended turma only once confirmed, says so, and offers to suspend it again', async () => {
    let current = suspended;
    const reactivated = 'Turma Vôlei do Campeche reativada: as pessoas podem entrar e os organizadores criar jogos de novo.';
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/groups': () => ({ body: { groups: [current] } }),
      'POST /api/admin/groups/7/unsuspend': () => {
        current = lifted;
        return { body: { message: reactivated, group: lifted } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/turmas', { token: 'jwt-bia' });
    await findPageHeading('Turmas');
    const card = (await screen.findByRole('heading', { name: 'Vôlei do Campeche' })).closest('li')!;
    expect(within(card).getByText('Suspensa')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Suspender' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Reativar turma' }));
    const dialog = screen.getByRole('dialog', { name: 'Reativar Vôlei do Campeche' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('POST', '/api/admin/groups/7/unsuspend')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Reativar turma' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reativar Vôlei do Campeche' })).getByRole('button', { name: 'Reativar turma' }),
    );
    expect(await screen.findByText(reactivated)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/groups/7/unsuspend')).toHaveLength(1);
    await waitFor(() => expect(within(card).queryByText('Suspensa')).not.toBeInTheDocument());
    expect(within(card).queryByText(/Motivo:/)).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Suspender' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("tells the server's refusal when the turma was already reactivated", async () => {
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/groups': { body: { groups: [suspended] } },
      'POST /api/admin/groups/7/unsuspend': {
        status: 409,
        body: { code: 'group_not_suspended', message: 'Esta turma não está suspensa.' },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/turmas', { token: 'jwt-bia' });
    await user.click(await screen.findByRole('button', { name: 'Reativar turma' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reativar Vôlei do Campeche' })).getByRole('button', { name: 'Reativar turma' }),
    );
    expect(await screen.findByText('Esta turma não está suspensa.')).toBeInTheDocument();
  });
});

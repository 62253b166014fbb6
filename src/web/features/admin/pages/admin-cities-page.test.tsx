import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { admin, meReply } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const sc = { id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' };
const florianopolis = { id: 1, name: 'Florianópolis', stateId: 24, active: true, ibgeCode: '4205407' };
const garopaba = { id: 2, name: 'Garopaba', stateId: 24, active: true, ibgeCode: '4205704' };

describe('/admin/cities', () => {
  it("lists the state's cities with their IBGE codes, checks a new one as the server does and adds it", async () => {
    let added = false;
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/games/states': { body: [sc] },
      'GET /api/admin/states/24/cities': () => ({ body: added ? [florianopolis, garopaba] : [florianopolis] }),
      'POST /api/admin/states/24/cities': () => {
        added = true;
        return { status: 201, body: { message: 'Cidade Garopaba adicionada.', city: garopaba } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/cities', { token: 'jwt-bia' });
    await findPageHeading('Cidades');
    const list = await screen.findByRole('region', { name: 'Cidades de SC' });
    expect(await within(list).findByText('Florianópolis')).toBeInTheDocument();
    expect(within(list).getByText('4205407')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Nome/), 'Garopaba');
    await user.type(screen.getByLabelText(/^Código IBGE/), '4305704');
    await user.click(screen.getByRole('button', { name: 'Adicionar cidade' }));
    expect(screen.getByLabelText(/^Código IBGE/)).toHaveAccessibleDescription(/O código IBGE de uma cidade de SC começa com 42\./);
    expect(api.callsTo('POST', '/api/admin/states/24/cities')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Código IBGE/));
    await user.type(screen.getByLabelText(/^Código IBGE/), '4205704');
    await user.click(screen.getByRole('button', { name: 'Adicionar cidade' }));
    expect(await screen.findByText('Cidade Garopaba adicionada.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/states/24/cities')[0]!.body).toEqual({ name: 'Garopaba', ibgeCode: '4205704' });
    await waitFor(() => expect(within(list).getByText('Garopaba')).toBeInTheDocument());
  });

  it('shows the 409 of a city already there', async () => {
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/games/states': { body: [sc] },
      'GET /api/admin/states/24/cities': { body: [florianopolis] },
      'POST /api/admin/states/24/cities': {
        status: 409,
        body: { code: 'city_exists', message: 'Esta cidade já está cadastrada (mesmo nome neste estado ou mesmo código IBGE).' },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/cities', { token: 'jwt-bia' });
    await findPageHeading('Cidades');
    await user.type(await screen.findByLabelText(/^Nome/), 'Florianópolis');
    await user.type(screen.getByLabelText(/^Código IBGE/), '4205407');
    await user.click(screen.getByRole('button', { name: 'Adicionar cidade' }));
    expect(await screen.findByText('Esta cidade já está cadastrada (mesmo nome neste estado ou mesmo código IBGE).')).toBeInTheDocument();
  });
});

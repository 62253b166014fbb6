import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { aMyGame, anInvitation, aUserGame, aWaitlistedGame, hoursFromNow, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

describe('home', () => {
  it('greets the player and lists next games, the waitlist and the first 3 invitations', async () => {
    const confirmed = aMyGame({ name: 'Confirmado', price: 15 });
    const pending = aMyGame({ name: 'Pendente', registrationType: 'pending' });
    const finished = aMyGame({ name: 'Hoje cedo', dateTime: hoursFromNow(-2) });
    const playing = aMyGame({ name: 'Rolando agora', dateTime: hoursFromNow(-1) });
    const old = aMyGame({ name: 'Mês passado', dateTime: hoursFromNow(-24 * 20) });
    const cancelled = aMyGame({ name: 'Cancelado', registrationType: 'cancelled' });
    const waiting = aWaitlistedGame({ name: 'Na fila', position: 4 });
    fakeApi({
      'GET /api/users/me': meReply(player, {
        myGames: [old, finished, playing, confirmed, pending, cancelled],
        waitlistedGames: [waiting],
      }),
      'GET /api/invitations': { body: [1, 2, 3, 4].map((n) => anInvitation({ name: `Convite ${n}` })) },
    });
    renderApp('/', { token: 'jwt-ana' });
    await findPageHeading('Olá, Ana!');

    const next = within((await screen.findByRole('heading', { name: 'Meus próximos jogos' })).closest('section')!);
    const card = (name: string) => within(next.getByRole('heading', { name }).closest('li')!);
    await next.findByRole('heading', { name: 'Confirmado' });
    expect(card('Confirmado').getByText('Inscrição confirmada')).toBeInTheDocument();
    expect(card('Confirmado').getByText('R$ 15,00')).toBeInTheDocument();
    expect(card('Confirmado').getByRole('link', { name: 'Ver detalhes' })).toHaveAttribute('href', `/apply/${confirmed.id}`);
    expect(card('Confirmado').getByRole('link', { name: 'Meu perfil' })).toHaveAttribute('href', '/profile');
    expect(card('Pendente').getByText('Aguardando pagamento')).toBeInTheDocument();
    expect(card('Hoje cedo').getByText('Finalizado')).toBeInTheDocument();
    // Started, not over yet (a game lasts 2 h).
    expect(card('Rolando agora').getByText('Em andamento')).toBeInTheDocument();
    expect(next.queryByText('Mês passado')).not.toBeInTheDocument();
    expect(next.queryByText('Cancelado')).not.toBeInTheDocument();

    const line = within(screen.getByRole('heading', { name: 'Jogos na lista de espera' }).closest('section')!);
    expect(line.getByText('Aguardando vaga disponível')).toBeInTheDocument();
    expect(line.getByText('Posição na fila: 4')).toBeInTheDocument();

    const invited = within((await screen.findByRole('heading', { name: 'Jogos convidados' })).closest('section')!);
    expect(invited.getAllByRole('listitem')).toHaveLength(3);
    expect(invited.queryByText('Convite 4')).not.toBeInTheDocument();
    expect(invited.getByRole('link', { name: 'Ver todos os convites' })).toHaveAttribute('href', '/invitations');
  });

  it('shows Nenhum jogo inscrito with a link to the games', async () => {
    fakeApi({ 'GET /api/users/me': meReply(player), 'GET /api/invitations': { body: [] } });
    renderApp('/', { token: 'jwt-ana' });
    expect(await screen.findByText('Nenhum jogo inscrito')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver jogos' })).toHaveAttribute('href', '/games');
    expect(screen.queryByRole('heading', { name: 'Jogos na lista de espera' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Jogos convidados' })).not.toBeInTheDocument();
  });

  it('shows an organiser the games they organise, though they are registered in none', async () => {
    const playing = aUserGame({ name: 'Racha da Lagoa', dateTime: hoursFromNow(-1) });
    const next = aUserGame({ name: 'Vôlei de Sexta' });
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/invitations': { body: [] },
      'GET /api/user-games': { body: [playing, next] },
    });
    renderApp('/', { token: 'jwt-ana' });
    const organised = within((await screen.findByRole('heading', { name: 'Jogos que você organiza' })).closest('section')!);
    expect(api.callsTo('GET', '/api/user-games')[0]!.path).toBe('/api/user-games?filter=active&limit=3');
    const card = (name: string) => within(organised.getByRole('heading', { name }).closest('li')!);
    expect(card('Racha da Lagoa').getByText('Em andamento')).toBeInTheDocument();
    expect(card('Racha da Lagoa').getByText('9 de 12 vagas ocupadas')).toBeInTheDocument();
    expect(card('Vôlei de Sexta').getByText('9 de 12 vagas ocupadas · 3 livres')).toBeInTheDocument();
    expect(card('Vôlei de Sexta').getByRole('link', { name: 'Editar Vôlei de Sexta' })).toHaveAttribute('href', `/my-games/${next.id}`);
    expect(organised.getByRole('link', { name: 'Ver todos os meus jogos' })).toHaveAttribute('href', '/my-games');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GroupPage } from '../../../../shared/schemas/groups';
import { fakeApi } from '../../../test/fake-api';
import { aGroup, meReply, player } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

function aPage(overrides: Partial<GroupPage> = {}): GroupPage {
  return { group: aGroup(), myRole: null, muted: false, inviteUrl: null, upcomingGames: [], series: [], ...overrides };
}

const reference = {
  'GET /api/users/me': meReply(player),
  'GET /api/notifications/unread-count': { body: { count: 0 } },
  'GET /api/games/states': { body: [{ id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' }] },
  'GET /api/games/cities': { body: [{ id: 1, name: 'Florianópolis', stateId: 24, active: true }] },
};

describe('Criar turma', { timeout: 15_000 }, () => {
  it('asks for a name and a city before sending, then opens the new turma', async () => {
    const api = fakeApi({
      ...reference,
      'POST /api/groups': { status: 201, body: { message: 'Turma "Vôlei da Joaquina" criada!', group: aGroup() } },
      'GET /api/groups/volei-da-joaquina': {
        body: aPage({ myRole: 'owner', inviteUrl: 'http://localhost:3000/t/volei-da-joaquina?convite=abc' }),
      },
      'GET /api/groups/3/members': { body: { members: [], requests: [] } },
    });
    const user = userEvent.setup();
    renderApp('/turmas/nova', { token: 'jwt-ana' });
    await findPageHeading('Criar turma');
    await user.click(screen.getByRole('button', { name: 'Criar turma' }));
    expect(await screen.findByText('Dê um nome à turma.')).toBeInTheDocument();
    expect(screen.getByText('Escolha a cidade da turma.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/groups')).toHaveLength(0);

    await user.type(screen.getByLabelText('Nome da turma'), 'Vôlei da Joaquina');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    await user.selectOptions(screen.getByLabelText('Cidade'), await screen.findByRole('option', { name: 'Florianópolis' }));
    await user.click(screen.getByLabelText(/^Privada/));
    await user.click(screen.getByLabelText(/^Com aprovação/));
    await user.click(screen.getByRole('button', { name: 'Criar turma' }));
    await findPageHeading('Vôlei da Joaquina');
    expect(api.callsTo('POST', '/api/groups')[0]!.body).toEqual({
      name: 'Vôlei da Joaquina',
      description: '',
      cityId: 1,
      visibility: 'private',
      joinPolicy: 'approval',
    });
    expect(currentPath()).toBe('/t/volei-da-joaquina');
    expect(screen.getByText('http://localhost:3000/t/volei-da-joaquina?convite=abc')).toBeInTheDocument();
  });
});

describe('the address of a new turma and editing one', { timeout: 15_000 }, () => {
  it('sends the address chosen, and shows under its field why the server refused it', async () => {
    const api = fakeApi({
      ...reference,
      'POST /api/groups': {
        status: 409,
        body: {
          code: 'group_slug_taken',
          message: 'O endereço /t/joaquina já é de outra turma: escolha outro.',
          fields: { slug: 'O endereço /t/joaquina já é de outra turma: escolha outro.' },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/turmas/nova', { token: 'jwt-ana' });
    await findPageHeading('Criar turma');
    await user.type(screen.getByLabelText('Nome da turma'), 'Vôlei da Joaquina');
    await user.type(screen.getByLabelText('Endereço da página (opcional)'), 'joaquina');
    expect(screen.getByText(/A página fica em \/t\/joaquina/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    await user.selectOptions(screen.getByLabelText('Cidade'), await screen.findByRole('option', { name: 'Florianópolis' }));
    await user.click(screen.getByRole('button', { name: 'Criar turma' }));
    expect(await screen.findAllByText('O endereço /t/joaquina já é de outra turma: escolha outro.')).not.toHaveLength(0);
    expect(api.callsTo('POST', '/api/groups')[0]!.body).toMatchObject({ name: 'Vôlei da Joaquina', slug: 'joaquina' });
    expect(currentPath()).toBe('/turmas/nova');
  });

  it('lets an organiser reach "Editar turma" from the page, starts from the turma’s settings and saves them', async () => {
    let saved = false;
    const api = fakeApi({
      ...reference,
      'GET /api/groups/volei-da-joaquina': () => ({
        body: aPage({
          myRole: 'organiser',
          inviteUrl: 'http://localhost:3000/t/volei-da-joaquina?convite=abc',
          group: aGroup(saved ? { name: 'Vôlei da Joaquina e Mole' } : {}),
        }),
      }),
      'GET /api/groups/3/members': { body: { members: [], requests: [] } },
      'GET /api/groups/3/messages': { body: { messages: [] } },
      'PUT /api/groups/3': () => {
        saved = true;
        return { body: { message: 'Turma atualizada.', group: aGroup({ name: 'Vôlei da Joaquina e Mole' }) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/t/volei-da-joaquina', { token: 'jwt-ana' });
    await findPageHeading('Vôlei da Joaquina');
    await user.click(screen.getByRole('link', { name: 'Editar turma' }));
    await findPageHeading('Editar turma');
    expect(screen.getByLabelText('Nome da turma')).toHaveValue('Vôlei da Joaquina');
    expect(screen.queryByLabelText('Endereço da página (opcional)')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('1'));
    expect(screen.getByLabelText(/^Privada/)).toBeChecked();
    expect(screen.getByLabelText(/^Com aprovação/)).toBeChecked();
    await user.clear(screen.getByLabelText('Nome da turma'));
    await user.type(screen.getByLabelText('Nome da turma'), 'Vôlei da Joaquina e Mole');
    await user.click(screen.getByLabelText(/^Entrada livre/));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await findPageHeading('Vôlei da Joaquina e Mole');
    expect(api.callsTo('PUT', '/api/groups/3')[0]!.body).toEqual({
      name: 'Vôlei da Joaquina e Mole',
      description: 'Quintas à noite.',
      cityId: 1,
      visibility: 'private',
      joinPolicy: 'open',
    });
    expect(currentPath()).toBe('/t/volei-da-joaquina');
  });

  it('tells a member that only the owner and organisers change the turma', async () => {
    fakeApi({ ...reference, 'GET /api/groups/volei-da-joaquina': { body: aPage({ myRole: 'member' }) } });
    renderApp('/t/volei-da-joaquina/editar', { token: 'jwt-ana' });
    await findPageHeading('Editar turma');
    expect(screen.getByText('Só o dono e os organizadores da turma mudam os dados dela.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar alterações' })).not.toBeInTheDocument();
  });
});

describe('a turma page', { timeout: 15_000 }, () => {
  it('joins at once by the link of a turma with approval, sending its token', async () => {
    let joined = false;
    const api = fakeApi({
      ...reference,
      'GET /api/groups/volei-da-joaquina': () => ({ body: aPage({ myRole: joined ? 'member' : null }) }),
      'POST /api/groups/3/members': () => {
        joined = true;
        return { body: { message: 'Você entrou na turma Vôlei da Joaquina.', status: 'member', group: aGroup() } };
      },
      'GET /api/groups/3/members': { body: { members: [], requests: [] } },
    });
    const user = userEvent.setup();
    renderApp('/t/volei-da-joaquina?convite=abc', { token: 'jwt-ana' });
    await findPageHeading('Vôlei da Joaquina');
    await user.click(screen.getByRole('button', { name: 'Entrar na turma' }));
    expect(await screen.findByText('Você é membro desta turma.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/groups/3/members')[0]!.body).toEqual({ token: 'abc' }));
  });

  it('asks to join a turma with approval without the link', async () => {
    fakeApi({ ...reference, 'GET /api/groups/volei-da-joaquina': { body: aPage({ group: aGroup({ visibility: 'public' }) }) } });
    renderApp('/t/volei-da-joaquina', { token: 'jwt-ana' });
    await findPageHeading('Vôlei da Joaquina');
    expect(screen.getByRole('button', { name: 'Pedir para entrar' })).toBeInTheDocument();
  });

  it('says a suspended turma is suspended and offers no way in', async () => {
    fakeApi({ ...reference, 'GET /api/groups/volei-da-joaquina': { body: aPage({ group: aGroup({ suspended: true }) }) } });
    renderApp('/t/volei-da-joaquina', { token: 'jwt-ana' });
    await findPageHeading('Vôlei da Joaquina');
    expect(screen.getByText('Esta turma foi suspensa pela administração do Bora Jogar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Entrar na turma|Pedir para entrar/ })).not.toBeInTheDocument();
  });
});

describe('the avisos of a turma', { timeout: 15_000 }, () => {
  const aviso = {
    id: 1,
    text: 'Sábado tem churrasco.\nCada um leva a bebida.',
    sender: { id: 9, name: 'Olga Dona' },
    createdAt: '2026-11-20T22:00:00.000Z',
  };

  it('lets the owner send one: an empty one refused on the phone, the server’s refusal shown as it says it', async () => {
    const api = fakeApi({
      ...reference,
      'GET /api/groups/volei-da-joaquina': { body: aPage({ myRole: 'owner' }) },
      'GET /api/groups/3/members': { body: { members: [], requests: [] } },
      'GET /api/groups/3/messages': { body: { messages: [] } },
      'POST /api/groups/3/messages': {
        status: 429,
        body: { code: 'message_daily_limit', message: 'Limite de 10 avisos por dia nesta turma atingido. Tente de novo amanhã.' },
      },
    });
    const user = userEvent.setup();
    renderApp('/t/volei-da-joaquina', { token: 'jwt-olga' });
    await findPageHeading('Vôlei da Joaquina');
    expect(await screen.findByText('Nenhum aviso por enquanto.')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Enviar aviso' });
    await user.click(within(form).getByRole('button', { name: 'Enviar aviso' }));
    expect(within(form).getByText('Escreva o aviso antes de enviar.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/groups/3/messages')).toEqual([]);
    await user.type(within(form).getByLabelText('Aviso'), '  Rede nova  ');
    expect(within(form).getByText('13/1000 caracteres')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enviar aviso' }));
    expect(await within(form).findByText('Limite de 10 avisos por dia nesta turma atingido. Tente de novo amanhã.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/groups/3/messages')[0]!.body).toEqual({ text: 'Rede nova' });
    expect(screen.queryByRole('button', { name: 'Silenciar turma' })).toBeInTheDocument();
  });

  it('shows a member the avisos with their lines and no form, and mutes the turma', async () => {
    let muted = false;
    const api = fakeApi({
      ...reference,
      'GET /api/groups/volei-da-joaquina': () => ({ body: aPage({ myRole: 'member', muted }) }),
      'GET /api/groups/3/members': { body: { members: [], requests: [] } },
      'GET /api/groups/3/messages': { body: { messages: [aviso] } },
      'PUT /api/groups/3/mute': () => {
        muted = true;
        return { body: { message: 'Turma silenciada: você continua vendo os avisos.', muted: true } };
      },
    });
    const user = userEvent.setup();
    renderApp('/t/volei-da-joaquina', { token: 'jwt-ana' });
    await findPageHeading('Vôlei da Joaquina');
    const list = await screen.findByRole('list', { name: 'Avisos da turma' });
    expect(within(list).getByText('Aviso de Olga Dona')).toBeInTheDocument();
    expect(within(list).getByText(/Sábado tem churrasco\.\s+Cada um leva a bebida\./)).toHaveClass('whitespace-pre-line');
    expect(screen.queryByRole('region', { name: 'Enviar aviso' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Silenciar turma' }));
    expect(await screen.findByRole('button', { name: 'Reativar avisos' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('turma-silenciada')).toHaveTextContent('Turma silenciada: sem e-mail nem push');
    expect(api.callsTo('PUT', '/api/groups/3/mute')[0]!.body).toEqual({ muted: true });
  });

  it('shows a visitor and an outsider neither the avisos nor the toggle', async () => {
    const api = fakeApi({
      ...reference,
      'GET /api/groups/volei-da-joaquina': { body: aPage({ group: aGroup({ visibility: 'public' }) }) },
    });
    renderApp('/t/volei-da-joaquina', { token: 'jwt-ana' });
    await findPageHeading('Vôlei da Joaquina');
    expect(screen.queryByRole('region', { name: 'Avisos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Silenciar turma' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/groups/3/messages')).toEqual([]);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { calendarFeed, meReply, player } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('the PIX key for payouts on the profile', () => {
  it('checks the CPF before sending, saves a valid key and shows it masked', async () => {
    const api = fakeApi({
      ...calendarFeed,
      'GET /api/users/me/payout-key': { body: { payoutKey: null, isOrganiser: true } },
      'GET /api/users/me': meReply(player),
      'PUT /api/users/me/payout-key': {
        body: {
          message: 'Chave PIX salva. Os repasses vão para ela.',
          payoutKey: { type: 'cpf', maskedKey: '***.982.247-**', holderName: 'Ana Souza' },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    const section = within((await screen.findByRole('heading', { name: 'Recebimentos' })).closest('section')!);
    const key = await section.findByLabelText('Chave PIX');
    await user.type(key, '529.982.247-24');
    await user.type(section.getByLabelText('Nome do titular'), 'Ana Souza');
    await user.click(section.getByRole('button', { name: 'Salvar chave PIX' }));
    expect(section.getByText(/CPF inválido/)).toBeInTheDocument();
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/users/me/payout-key')).toHaveLength(0);

    await user.clear(key);
    await user.type(key, '529.982.247-25');
    await user.click(section.getByRole('button', { name: 'Salvar chave PIX' }));
    expect(await section.findByTestId('payout-key-masked')).toHaveTextContent('***.982.247-**');
    expect(section.queryByDisplayValue('529.982.247-25')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me/payout-key')[0]!.body).toEqual({
      type: 'cpf',
      key: '529.982.247-25',
      holderName: 'Ana Souza',
    });
    expect(screen.getByText('Chave PIX salva. Os repasses vão para ela.')).toBeInTheDocument();
  });

  it('takes a mobile as the profile does, without +55', async () => {
    const api = fakeApi({
      ...calendarFeed,
      'GET /api/users/me/payout-key': { body: { payoutKey: null, isOrganiser: true } },
      'GET /api/users/me': meReply(player),
      'PUT /api/users/me/payout-key': {
        body: {
          message: 'Chave PIX salva. Os repasses vão para ela.',
          payoutKey: { type: 'phone', maskedKey: '+55 (48) *****-4567', holderName: 'Ana Souza' },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    const section = within((await screen.findByRole('heading', { name: 'Recebimentos' })).closest('section')!);
    await user.selectOptions(await section.findByLabelText('Tipo de chave'), 'phone');
    const key = section.getByLabelText('Chave PIX');
    expect(key).toHaveAttribute('placeholder', '(48) 99123-4567');
    await user.type(key, '48 3222-1234');
    await user.type(section.getByLabelText('Nome do titular'), 'Ana Souza');
    await user.click(section.getByRole('button', { name: 'Salvar chave PIX' }));
    expect(section.getByText('Celular inválido: informe o DDD e os 9 números (ex.: 48 99123-4567).')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me/payout-key')).toHaveLength(0);

    await user.clear(key);
    await user.type(key, '48 99123-4567');
    await user.click(section.getByRole('button', { name: 'Salvar chave PIX' }));
    expect(await section.findByTestId('payout-key-masked')).toHaveTextContent('+55 (48) *****-4567');
    expect(api.callsTo('PUT', '/api/users/me/payout-key')[0]!.body).toMatchObject({ type: 'phone', key: '48 99123-4567' });
  });

  it('is not shown to a player who organises nothing', async () => {
    fakeApi({ ...calendarFeed, 'GET /api/users/me': meReply(player) });
    renderApp('/profile', { token: 'jwt-ana' });
    await screen.findByRole('heading', { name: 'Notificações' });
    await screen.findByRole('heading', { name: 'Minha agenda' });
    expect(screen.queryByRole('heading', { name: 'Recebimentos' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Chave PIX')).not.toBeInTheDocument();
  });
});

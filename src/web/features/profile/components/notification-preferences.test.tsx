import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../../../shared/schemas/notification-settings';
import { fakeApi } from '../../../test/fake-api';
import { fakePushBrowser } from '../../../test/fake-push';
import { calendarFeed, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const ON = { email: true, push: true };
const allOn: NotificationSettings = {
  reminders: ON,
  places: ON,
  changes: ON,
  invitations: ON,
  receipts: ON,
  organiser: ON,
  groups: ON,
  messages: ON,
};

async function preferences() {
  await findPageHeading('Meu perfil');
  return within(await screen.findByRole('region', { name: 'Notificações' }));
}

describe('profile: notifications', () => {
  it('turns one channel of one kind off with a partial PUT, and says security e-mails always go', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true });
    let saved = allOn;
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      ...calendarFeed,
      'GET /api/users/me/notification-settings': () => ({ body: saved }),
      'PUT /api/users/me/notification-settings': (call) => {
        const change = call.body as Partial<NotificationSettings>;
        saved = { ...saved, reminders: { ...saved.reminders, ...change.reminders } };
        return { body: saved };
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    const section = await preferences();
    expect(await section.findByText('Ativado neste aparelho')).toBeInTheDocument();
    const reminders = within(await section.findByRole('group', { name: 'Lembretes de jogos' }));
    expect(section.getAllByRole('group')).toHaveLength(8);
    expect(within(section.getByRole('group', { name: 'Jogos que você organiza' })).getByRole('switch', { name: /E-mail/ })).toBeChecked();

    await user.click(reminders.getByRole('switch', { name: /E-mail/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/me/notification-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/users/me/notification-settings')[0]!.body).toEqual({ reminders: { email: false } });
    await waitFor(() => expect(reminders.getByRole('switch', { name: /E-mail/ })).not.toBeChecked());
    expect(reminders.getByRole('switch', { name: /No aparelho/ })).toBeChecked();
    expect(section.getByText(/E-mails de segurança .* são sempre enviados/)).toBeInTheDocument();
  });

  it('shows the new place from the click on, while the save is still on its way', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true });
    let answer: () => void = () => undefined;
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      ...calendarFeed,
      'GET /api/users/me/notification-settings': { body: allOn },
      'PUT /api/users/me/notification-settings': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { ...allOn, reminders: { email: false, push: true } } });
        }),
    });
    renderApp('/profile', { token: 'jwt-ana' });
    const section = await preferences();
    const reminders = within(await section.findByRole('group', { name: 'Lembretes de jogos' }));
    const email = reminders.getByRole('switch', { name: /E-mail/ });
    // Read in the same task as the click: nothing the save does asynchronously has run yet.
    fireEvent.click(email);
    expect(email).not.toBeChecked();
    expect(reminders.getByText('Não')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/me/notification-settings')).toHaveLength(1));
    expect(email).not.toBeChecked();
    answer();
    await waitFor(() => expect(section.queryAllByText('Não')).toHaveLength(1));
    expect(email).not.toBeChecked();
  });

  it('puts the switch back and shows the error when saving fails', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true });
    fakeApi({
      'GET /api/users/me': meReply(player),
      ...calendarFeed,
      'GET /api/users/me/notification-settings': { body: allOn },
      'PUT /api/users/me/notification-settings': { status: 503, body: { code: 'busy_try_again', message: 'Tente de novo em instantes.' } },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    const section = await preferences();
    const places = within(await section.findByRole('group', { name: 'Vagas e lista de espera' }));
    await user.click(places.getByRole('switch', { name: /No aparelho/ }));
    expect(await section.findByRole('alert')).toHaveTextContent('Tente de novo em instantes.');
    expect(places.getByRole('switch', { name: /No aparelho/ })).toBeChecked();
  });

  it('"No aparelho" reads Não, and waits, while this device has no subscription; turned on here, it shows the saved choice', async () => {
    fakePushBrowser();
    fakeApi({
      'GET /api/users/me': meReply(player),
      ...calendarFeed,
      'GET /api/users/me/notification-settings': { body: allOn },
      'GET /api/push/public-key': {
        body: { publicKey: 'BLbOsOXuTLFG9VgqR8GRleseKQqHc0Xhrc7wbsfyKxLNk5txw_DE1I2IdizGIfbxyIokhHbKH-Iq5us0PqoCnLs' },
      },
      'POST /api/users/me/push-subscriptions': { status: 201, body: { message: 'Notificações ativadas neste aparelho.' } },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    const section = await preferences();
    expect(await section.findByText('Desativado neste aparelho')).toBeInTheDocument();
    const places = within(await section.findByRole('group', { name: 'Vagas e lista de espera' }));
    const push = places.getByRole('switch', { name: /No aparelho/ });
    expect(push).not.toBeChecked();
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription(/Nada chega como notificação neste aparelho enquanto elas estiverem desativadas nele/);
    expect(places.getByRole('switch', { name: /E-mail/ })).toBeChecked();
    expect(section.getAllByText('Sim')).toHaveLength(8);

    await user.click(section.getByRole('button', { name: 'Ativar notificações neste aparelho' }));
    expect(await section.findByText('Ativado neste aparelho')).toBeInTheDocument();
    expect(places.getByRole('switch', { name: /No aparelho/ })).toBeChecked();
    expect(places.getByRole('switch', { name: /No aparelho/ })).toBeEnabled();
    expect(section.getAllByText('Sim')).toHaveLength(16);
    expect(section.queryByText(/Nada chega como notificação/)).not.toBeInTheDocument();
  });
});

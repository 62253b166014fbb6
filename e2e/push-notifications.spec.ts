import { expect, test } from '@playwright/test';
import { createGame, runReminders, signIn } from './support/games';
import { mailsTo } from './support/mail';
import { type Account, registerPlayer, unique } from './support/people';
import { deliverPushes, fakePushSubscription, pushesTo, usePushSubscription } from './support/push';

const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

test('on the phone: push turned on, a place from the waitlist arrives as a push; reminder e-mails turned off stop, the rest still come', async ({
  browser,
  request,
}) => {
  const subscription = await fakePushSubscription();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await usePushSubscription(context, subscription);
  const page = await context.newPage();

  const name = unique('Vôlei da Vaga no Celular');
  const gameId = await createGame({ name, hoursAhead: 24 * 5, totalSlots: 1, usePlatformPayment: false });
  const [leaving, player, other] = [
    await registerPlayer(request, 'Quem Desiste'),
    await registerPlayer(request, 'Paula do Celular'),
    await registerPlayer(request, 'Outro Jogador'),
  ];
  expect((await request.post(`/api/games/${gameId}/apply`, { headers: auth(leaving), data: {} })).ok()).toBe(true);

  // The player turns notifications on for this phone, on /notifications.
  await page.goto('/login');
  await signIn(page, player.email, player.password);
  await page.goto('/notifications');
  const device = page.getByRole('region', { name: 'Notificações neste aparelho' });
  await expect(device).toContainText('Desativado neste aparelho');
  await device.getByRole('button', { name: 'Ativar notificações neste aparelho' }).click();
  await expect(device).toContainText('Ativado neste aparelho');
  await expect(device.getByRole('status')).toHaveText('Notificações ativadas neste aparelho.');
  await expect(device.getByRole('button', { name: 'Desativar neste aparelho' })).toBeVisible();

  // In line for the full game; the confirmed player leaves and the place goes to her, pushed to the phone.
  expect((await request.post(`/api/games/${gameId}/waitlist`, { headers: auth(player), data: {} })).ok()).toBe(true);
  expect((await request.post(`/api/games/${gameId}/cancel`, { headers: auth(leaving) })).ok()).toBe(true);
  await expect
    .poll(async () => {
      await deliverPushes();
      return (await pushesTo(subscription)).map((push) => push.message.title);
    })
    .toContain('Você ganhou uma vaga!');
  const pushes = await pushesTo(subscription);
  const promoted = pushes.find((push) => push.message.title === 'Você ganhou uma vaga!')!;
  expect(promoted.message.body).toMatch(
    new RegExp(`^Abriu uma vaga e sua inscrição em ${name} \\(\\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2}\\) foi confirmada!$`),
  );
  expect(promoted.message.url).toBe(`/apply/${gameId}`);
  expect(promoted.message.tag).toMatch(/^notification-\d+$/);
  // Joining the line was pushed too, once.
  expect(pushes.filter((push) => push.message.title === 'Você está na lista de espera')).toHaveLength(1);
  // The e-mail of the promotion still comes: only what is turned off stops.
  await expect
    .poll(async () => (await mailsTo(player.email)).some((mail) => mail.includes(`Abriu uma vaga e sua inscrição em ${name}`)))
    .toBe(true);

  // On the profile, she turns reminder e-mails off (pushes of reminders stay on).
  await page.goto('/profile');
  const reminders = page.getByRole('group', { name: 'Lembretes de jogos' });
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/users/me/notification-settings') && res.request().method() === 'PUT',
  );
  await reminders.getByRole('switch', { name: 'E-mail' }).uncheck();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Lembretes de jogos' }).getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Lembretes de jogos' }).getByRole('switch', { name: 'No aparelho' })).toBeChecked();
  await expect(page.getByText(/E-mails de segurança .* são sempre enviados/)).toBeVisible();

  // A game within the reminder window, with both players in it: the reminder run e-mails the other player only.
  const soon = unique('Volei do Lembrete');
  const soonId = await createGame({ name: soon, hoursAhead: 5, totalSlots: 4, usePlatformPayment: false });
  for (const account of [player, other]) {
    expect((await request.post(`/api/games/${soonId}/apply`, { headers: auth(account), data: {} })).ok()).toBe(true);
  }
  await runReminders();
  await expect.poll(async () => (await mailsTo(other.email)).some((mail) => mail.includes(`Lembrete: ${soon}`))).toBe(true);
  // Her reminder still reaches the phone, and the app.
  await expect
    .poll(async () => {
      await deliverPushes();
      return (await pushesTo(subscription)).filter((push) => push.message.title === 'Lembrete de jogo').map((push) => push.message.url);
    })
    .toEqual([`/apply/${soonId}`]);
  expect((await mailsTo(player.email)).filter((mail) => mail.includes(`Lembrete: ${soon}`))).toEqual([]);

  // Turned off on this phone: the server forgets it.
  await page.goto('/notifications');
  await page.getByRole('button', { name: 'Desativar neste aparelho' }).click();
  await expect(page.getByRole('region', { name: 'Notificações neste aparelho' })).toContainText('Desativado neste aparelho');
  await context.close();
});

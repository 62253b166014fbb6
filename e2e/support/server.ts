// The server the browser journeys run against: the real app on a fresh in-memory database with
// demo data, delivering mail to a real SMTP server started here, whose messages tests read over HTTP
// (`GET /mails?to=ADDRESS` on E2E_MAIL_PORT: every journey reads only its own people's mail).
//
// Journeys run side by side on this one server, so each makes the people it acts as (e2e/support/people.ts) and
// never signs in as the demo accounts. Test-only control endpoint (E2E_CONTROL_PORT, 127.0.0.1 only, never part of
// the app), for what the public API cannot do:
//   POST /games  {"name", "hoursAhead", "totalSlots"?, "priceCents"?, "usePlatformPayment"?, "city"?, "organiserEmail"?,
//   "playerEmails"?}
//   → 201 {"id"}: inserts a published public volleyball game in Santa Catarina (city "Florianópolis" or "Joinville"),
//   starting `hoursAhead` hours from now, organised by `organiserEmail` (an account a journey made) or else by the
//   demo organiser, whom no journey signs in as; "playerEmails" (accounts journeys made) go on it as confirmed
//   players paid outside, which the API refuses for a game that has started. Journeys that need a game with a given start or a single slot, but
//   are not about creating one, get it here in one call (see e2e/support/games.ts); the API's own
//   POST /api/user-games and POST /api/admin/games create games too.
//   POST /admins {"name", "email", "password"} → 201 {"id"}: a new administrator (the API makes only players).
//   POST /players {"name", "count"} → 201 {"ids"}: `count` players at once, "NAME 1" to "NAME count" (oldest first),
//   for the admin's lists past what one search counts; their e-mails are made from the name, so it must be a journey's own.
//   POST /payments {"userId", "count"} → 201 {}: `count` card top-ups of R$ 10 that were never paid, for that player.
//   POST /push-subscriptions → 201 {"id", "endpoint", "keys"}: a browser's subscription on the fake push service started
//   here (test-support/server/push-service.ts, on 127.0.0.1, which the server may call with PUSH_ALLOW_LOOPBACK=on): its
//   keys are a real P-256 pair and auth secret, kept by the service to check VAPID and decrypt what it receives. A
//   journey hands it to the page in place of Chromium's own PushManager, whose push service (FCM) is out of reach.
//   GET /pushes?subscription=ID → 200 [{message: {title, body, url, tag}, …}]: the pushes it received for that one.
//   POST /pushes/deliver → 201 {"tried"}: delivers the pushes due now, or, during the quiet hours (22:00 to 07:00 in
//   São Paulo), as the delivery at their end will: a journey run at night sees what the morning brings.
//   POST /reminders → 201 {"reminded"}: runs the reminder job now (it runs every minute anyway).
//
// Organisers connect their own Mercado Pago account (decision 082) through the fake Mercado Pago started here
// (test-support/server/fake-mercadopago.ts): its authorisation page ("Autorizar") sends the browser back to the app's
// callback with a code, which the app exchanges at the fake's /oauth/token. Payments stay in the sandbox.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/server/lib/config';
import { cities, games, payments, registrations, sports, states, users } from '../../src/server/db/schema';
import { descriptionToHtml } from '../../src/server/core/games/description-html';
import { generatePrivateLink } from '../../src/server/core/games/private-link';
import { hashPassword } from '../../src/server/lib/passwords';
import { startServer } from '../../src/server/server';
import { TIME_ZONE } from '../../src/shared/dates';
import { deliverDuePushes } from '../../src/server/core/notifications/push-delivery';
import { quietHoursEnd } from '../../src/server/core/notifications/quiet-hours';
import { sendReminders } from '../../src/server/modules/reminders/send-reminders';
import { startFakeMercadoPago } from '../../test-support/server/fake-mercadopago';
import { startPushService } from '../../test-support/server/push-service';
import { startSmtpInbox } from '../../test-support/server/smtp-inbox';
import { E2E_APP_PORT, E2E_CONTROL_PORT, E2E_MAIL_PORT, E2E_SMTP_PORT } from './ports';
import { emailSlug } from './slug';

const inbox = await startSmtpInbox({ port: E2E_SMTP_PORT });
const pushService = await startPushService();
const mercadoPago = await startFakeMercadoPago();

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    const mails = inbox.messages.map((m) => ({ to: m.recipients.map((r) => r.toLowerCase()), raw: m.raw, receivedAt: m.receivedAt }));
    res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
  })
  .listen(E2E_MAIL_PORT, '127.0.0.1');

const config = loadConfig({
  ...process.env,
  PORT: String(E2E_APP_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${E2E_APP_PORT}`,
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  SEED_DEMO: 'on',
  RATE_LIMITS: 'off',
  // Journeys check lists right after changing them.
  LISTING_CACHE_MS: '0',
  // Every journey's browser comes from 127.0.0.1: the cap on live streams per address would count them all together.
  LIVE_STREAMS_PER_ADDRESS: '10000',
  LOG_LEVEL: 'warn',
  // The fake push service listens on 127.0.0.1 over http: allowed with a local PUBLIC_URL only.
  PUSH_ALLOW_LOOPBACK: 'on',
  // Organisers' earnings (decision 045): a fee to see it taken, and money available as soon as a game starts, so the
  // payout journey needs no clock of its own (nothing else reads earnings).
  PLATFORM_FEE_PERCENT: '10',
  PAYOUT_HOLD_HOURS: '0',
  // "Receber direto na minha conta": Mercado Pago's OAuth against the fake above, the tokens sealed with a test key.
  MERCADOPAGO_CLIENT_ID: mercadoPago.clientId,
  MERCADOPAGO_CLIENT_SECRET: mercadoPago.clientSecret,
  MERCADOPAGO_AUTH_URL: mercadoPago.authUrl,
  MERCADOPAGO_API_URL: mercadoPago.url,
  PAYMENT_ACCOUNTS_KEY: Buffer.alloc(32, 9).toString('base64'),
});
const { app } = await startServer(config, { inMemory: true });

type NewGame = {
  name: string;
  hoursAhead: number;
  totalSlots?: number;
  priceCents?: number;
  usePlatformPayment?: boolean;
  city?: string;
  organiserEmail?: string;
  playerEmails?: string[];
};
type NewAdmin = { name: string; email: string; password: string };

async function insertGame(input: NewGame): Promise<number> {
  const db = app.ctx.db;
  const [organiser] = await db
    .select()
    .from(users)
    .where(eq(users.email, input.organiserEmail ?? 'organizador@borajogar.com.br'));
  const [sport] = await db.select().from(sports).where(eq(sports.name, 'Vôlei'));
  const [sc] = await db.select().from(states).where(eq(states.uf, 'SC'));
  const [city] = await db
    .select()
    .from(cities)
    .where(and(eq(cities.stateId, sc!.id), eq(cities.name, input.city ?? 'Florianópolis')));
  const description = 'Jogo criado pelo teste de ponta a ponta.';
  const [game] = await db
    .insert(games)
    .values({
      name: input.name,
      location: 'Ginásio de Testes',
      address: 'Rua dos Testes, 100 - Centro, Florianópolis - SC',
      dateTime: new Date(Date.now() + input.hoursAhead * 60 * 60 * 1000),
      priceCents: input.priceCents ?? 1500,
      totalSlots: input.totalSlots ?? 10,
      usePlatformPayment: input.usePlatformPayment ?? true,
      description,
      descriptionHtml: descriptionToHtml(description),
      visibility: 'public',
      state: 'published',
      status: 'active',
      privateLink: generatePrivateLink(),
      creatorId: organiser!.id,
      sportId: sport!.id,
      stateId: sc!.id,
      cityId: city!.id,
    })
    .returning({ id: games.id });
  for (const email of input.playerEmails ?? []) {
    const [player] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    const joinedAt = new Date();
    await db
      .insert(registrations)
      .values({ gameId: game!.id, userId: player!.id, status: 'confirmed', paymentType: 'external', joinedAt, confirmedAt: joinedAt });
  }
  return game!.id;
}

async function insertAdmin(input: NewAdmin): Promise<number> {
  const [admin] = await app.ctx.db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      phone: '48999990001',
      role: 'admin',
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: users.id });
  return admin!.id;
}

type NewPlayers = { name: string; count: number };

async function insertPlayers(input: NewPlayers): Promise<number[]> {
  const slug = emailSlug(input.name);
  const passwordHash = await hashPassword('senha-boa-123');
  const rows = await app.ctx.db
    .insert(users)
    .values(
      Array.from({ length: input.count }, (_, index) => ({
        name: `${input.name} ${index + 1}`,
        email: `${slug}.${index + 1}@exemplo.com.br`,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

type NewPayments = { userId: number; count: number };

async function insertPayments(input: NewPayments): Promise<void> {
  await app.ctx.db.insert(payments).values(
    Array.from({ length: input.count }, () => ({
      publicId: randomUUID(),
      userId: input.userId,
      purpose: 'topup' as const,
      method: 'card' as const,
      provider: 'sandbox' as const,
      amountCents: 1000,
      status: 'expired' as const,
    })),
  );
}

const controlRoutes: Record<string, (body: never) => Promise<object>> = {
  '/players': async (body: NewPlayers) => ({ ids: await insertPlayers(body) }),
  '/payments': async (body: NewPayments) => {
    await insertPayments(body);
    return {};
  },
  '/games': async (body: NewGame) => ({ id: await insertGame(body) }),
  '/admins': async (body: NewAdmin) => ({ id: await insertAdmin(body) }),
  '/push-subscriptions': async () => pushService.subscribe(),
  '/reminders': async () => ({ reminded: await sendReminders(app.ctx) }),
  '/pushes/deliver': async () => {
    const quietUntil = quietHoursEnd(new Date(), TIME_ZONE);
    const at = quietUntil ? new Date(quietUntil.getTime() + 60_000) : undefined;
    return { tried: await deliverDuePushes(at ? { ...app.ctx, clock: { now: () => at } } : app.ctx) };
  },
};

http
  .createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/pushes') {
        const subscription = url.searchParams.get('subscription');
        res.end(JSON.stringify(pushService.received.filter((push) => push.subscriptionId === subscription)));
        return;
      }
      const route = req.method === 'POST' ? controlRoutes[url.pathname] : undefined;
      if (!route) {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      route(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as never).then(
        (reply) => {
          res.statusCode = 201;
          res.end(JSON.stringify(reply));
        },
        (error: unknown) => {
          res.statusCode = 500;
          const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
          res.end(JSON.stringify({ message: `${String(error)}${cause}` }));
        },
      );
    });
  })
  .listen(E2E_CONTROL_PORT, '127.0.0.1');

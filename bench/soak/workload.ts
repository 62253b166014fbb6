// The soak's people: visitors browsing, players topping up and paying for places by credits, card and PIX (their
// payments' webhooks duplicated, delayed and out of order), cancelling, joining lines, asking for password codes and
// turning notifications on; organisers creating games, editing them, adding walk-ins and asking for payouts; an
// administrator paying payouts and taking a place back after a game. Every choice comes from the seeded generator.
import { randomBytes } from 'node:crypto';
import { type Random, seeded } from '../../test-support/seeded';
import type { WebhookDelivery } from '../../test-support/server/fake-http';
import type { FakeMercadoPago } from '../../test-support/server/fake-mercadopago';
import type { FakeStripe } from '../../test-support/server/fake-stripe';
import type { FakePushService } from '../../test-support/server/push-service';
import { describe, type SoakClient, TransportError } from './client';

type Person = { id: number; email: string; name: string; token: string };
/** A game as its organiser wrote it (an edit sends it whole, changed). */
type SoakGame = { id: number; organiser: Person; startsAt: number; body: Record<string, unknown> };

const PASSWORD = 'senha-do-soak-123';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** What the soak asked for whose answer it counts on at the end: the checker compares it with what arrived. */
export type Asked = {
  /** Password codes asked for an existing account: accepted (200) or unknown (no answer came), per address. */
  codes: Map<string, { accepted: number; unknown: number }>;
  /** Addresses with no account that asked for a code: none may receive one. */
  strangers: Set<string>;
};

/**
 * Webhooks as providers send them: each retried until answered 2xx, some twice, some late, not in order, and signed
 * afresh on every try (as Stripe and Mercado Pago do: a signature carries the time it was made, and a stale one is
 * refused).
 */
type Signed = () => WebhookDelivery;
class WebhookCourier {
  private readonly queue: { sign: Signed; to: 'stripe' | 'mp'; dueAt: number; tries: number }[] = [];
  readonly sent: { sign: Signed; to: 'stripe' | 'mp' }[] = [];
  delivered = 0;
  duplicates = 0;

  constructor(
    private readonly random: Random,
    private readonly client: SoakClient,
  ) {}

  push(sign: Signed, to: 'stripe' | 'mp') {
    const copies = this.random.chance(0.3) ? 2 : 1;
    this.duplicates += copies - 1;
    for (let i = 0; i < copies; i += 1) this.queue.push({ sign, to, dueAt: Date.now() + this.random.int(0, 4_000), tries: 0 });
    this.sent.push({ sign, to });
  }

  /** Sends what is due, in random order; a delivery not answered 2xx goes back in the queue, as providers retry. */
  async tick(all = false) {
    const due = this.queue.filter((item) => all || item.dueAt <= Date.now());
    for (const item of due) this.queue.splice(this.queue.indexOf(item), 1);
    due.sort(() => this.random.next() - 0.5);
    await Promise.all(
      due.map(async (item) => {
        const route = item.to === 'stripe' ? '/api/webhooks/stripe' : '/api/webhooks/mercadopago';
        const ok = await this.deliver(item.sign(), route).catch(() => false);
        if (ok) this.delivered += 1;
        else this.queue.push({ ...item, tries: item.tries + 1, dueAt: Date.now() + Math.min(500 * 2 ** item.tries, 5_000) });
      }),
    );
  }

  pending() {
    return this.queue.length;
  }

  /** A delivery sent before, sent again (a provider's replay). */
  async replay(count: number) {
    for (let i = 0; i < count && this.sent.length > 0; i += 1) {
      const { sign, to } = this.random.pick(this.sent)!;
      this.queue.push({ sign, to, dueAt: Date.now(), tries: 0 });
      this.duplicates += 1;
    }
    await this.tick();
  }

  private async deliver(delivery: WebhookDelivery, route: string): Promise<boolean> {
    const query = new URLSearchParams(delivery.query).toString();
    const res = await this.client.callRaw('POST', query ? `${route}?${query}` : route, delivery.headers, delivery.rawBody);
    return res.status >= 200 && res.status < 300;
  }
}

export type WorkloadOptions = {
  client: SoakClient;
  seed: number;
  stripe: FakeStripe;
  mp: FakeMercadoPago;
  push: FakePushService;
  /** Where the instances reach the push service: its fault proxy. */
  pushUrl: string;
  admin: { email: string; password: string };
};

export class Workload {
  readonly asked: Asked = { codes: new Map(), strangers: new Set() };
  private organisers: Person[] = [];
  private players: Person[] = [];
  private games: SoakGame[] = [];
  private readonly devices = new Map<number, number>();
  /** Actions that failed for another reason than a request left unanswered: a fault of the soak itself, reported. */
  readonly failures: string[] = [];
  /** For the people and games made before the run, and for the webhook courier. */
  private readonly random: Random;
  private adminToken = '';
  private reference: { sportId: number; stateId: number; cityId: number } | undefined;
  private running = false;
  readonly courier: WebhookCourier;

  constructor(private readonly o: WorkloadOptions) {
    this.random = seeded(o.seed);
    this.courier = new WebhookCourier(seeded(o.seed + 1), o.client);
  }

  private get client() {
    return this.o.client;
  }

  /** People and games to start from, made through the API before the faults begin. */
  async setUp(organisers = 3, players = 18) {
    const login = await this.client.call<{ token: string }>('POST', '/api/auth/login', { body: this.o.admin });
    if (login.status !== 200) throw new Error(`login do administrador: ${login.status} ${JSON.stringify(login.body)}`);
    this.adminToken = login.body.token;
    const sports = (await this.client.call<{ id: number }[]>('GET', '/api/games/sports')).body;
    const states = (await this.client.call<{ id: number }[]>('GET', '/api/games/states')).body;
    const cities = (await this.client.call<{ id: number }[]>('GET', `/api/games/cities?stateId=${states[0]!.id}`)).body;
    this.reference = { sportId: sports[0]!.id, stateId: states[0]!.id, cityId: cities[0]!.id };
    for (let i = 0; i < organisers; i += 1) {
      const organiser = await this.register(`Organizadora ${i + 1}`);
      const key = await this.client.call('PUT', '/api/users/me/payout-key', {
        token: organiser.token,
        body: { type: 'email', key: organiser.email, holderName: organiser.name },
      });
      if (key.status !== 200) throw new Error(`chave PIX: ${key.status} ${JSON.stringify(key.body)}`);
      this.organisers.push(organiser);
    }
    for (let i = 0; i < players; i += 1) {
      const player = await this.register(`Jogador ${i + 1}`);
      const phone = await this.client.call('PUT', '/api/users/phone', {
        token: player.token,
        body: { phone: `4899${String(1000000 + i)}` },
      });
      if (phone.status !== 200) throw new Error(`telefone: ${phone.status} ${JSON.stringify(phone.body)}`);
      this.players.push(player);
    }
    for (const organiser of this.organisers) {
      await this.createGame(organiser, 2 * MINUTE_MS);
      await this.createGame(organiser, 5 * DAY_MS);
    }
  }

  private async register(name: string): Promise<Person> {
    const email = `soak-${randomBytes(5).toString('hex')}@bora.test`;
    const res = await this.client.call<{ token: string; user: { id: number } }>('POST', '/api/auth/register', {
      body: { name, email, password: PASSWORD },
    });
    if (res.status !== 201) throw new Error(`cadastro: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.user.id, email, name, token: res.body.token };
  }

  private async createGame(organiser: Person, startsIn: number, r: Random = this.random) {
    const startsAt = Date.now() + startsIn;
    const body = {
      name: `Vôlei do soak ${randomBytes(2).toString('hex')}`,
      location: 'Arena do Soak',
      address: 'Rua do Teste, 1',
      dateTime: new Date(startsAt).toISOString(),
      price: r.pick([10, 12.5, 20, 25])!,
      totalSlots: r.int(3, 8),
      description: 'Jogo para testar a plataforma',
      visibility: 'public',
      usePlatformPayment: true,
      state: 'published',
      ...this.reference,
    };
    const res = await this.client.call<{ game: { id: number } }>('POST', '/api/user-games', { token: organiser.token, body });
    if (res.status === 201) this.games.push({ id: res.body.game.id, organiser, startsAt, body });
    return res.status;
  }

  /** Runs `users` people acting at once until `stop` is called; each action's failure is the client's record. */
  run(users: number): { stop(): Promise<void> } {
    this.running = true;
    // Each person draws from a generator of their own: their choices are the seed's whatever the timing of the others.
    const loops = Array.from({ length: users }, async (_, index) => {
      const r = seeded(this.o.seed * 1_000 + index + 1);
      while (this.running) {
        await this.act(r).catch((error: unknown) => {
          if (!(error instanceof TransportError)) this.failures.push(describe(error));
        });
        await new Promise((resolve) => setTimeout(resolve, r.int(50, 400)));
      }
    });
    const courier = (async () => {
      while (this.running) {
        await this.courier.tick();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    return {
      stop: async () => {
        this.running = false;
        await Promise.all([...loops, courier]);
      },
    };
  }

  /** Delivers every webhook still waiting (retrying until each is answered 2xx or `timeoutMs` passes). */
  async deliverAllWebhooks(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (this.courier.pending() > 0 && Date.now() < deadline) {
      await this.courier.tick(true);
      if (this.courier.pending() > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return this.courier.pending();
  }

  private act(r: Random): Promise<unknown> {
    const actions: [number, () => Promise<unknown>][] = [
      [10, () => this.browse(r)],
      [4, () => this.topUp(r, 'card')],
      [3, () => this.topUp(r, 'pix')],
      [8, () => this.apply(r, 'credit')],
      [4, () => this.apply(r, 'card')],
      [3, () => this.apply(r, 'mercadopago')],
      [4, () => this.cancelPlace(r)],
      [2, () => this.joinLine(r)],
      [2, () => this.walkIn(r)],
      [2, () => this.editGame(r)],
      [1, () => this.newGame(r)],
      [1, () => this.cancelGame(r)],
      [2, () => this.askPayout(r)],
      [2, () => this.payPayouts(r)],
      [1, () => this.takeBackAfterGame(r)],
      [2, () => this.askCode(r)],
      [1, () => this.subscribePush(r)],
    ];
    let roll = r.next() * actions.reduce((sum, [weight]) => sum + weight, 0);
    for (const [weight, action] of actions) {
      roll -= weight;
      if (roll < 0) return action();
    }
    return this.browse(r);
  }

  private player(r: Random) {
    return r.pick(this.players)!;
  }
  private upcoming(r: Random) {
    const ahead = this.games.filter((game) => game.startsAt > Date.now() + 10_000);
    return r.pick(ahead);
  }
  private started(r: Random) {
    const past = this.games.filter((game) => game.startsAt < Date.now());
    return r.pick(past);
  }

  private async browse(r: Random) {
    const list = await this.client.call<{ id: number }[]>('GET', '/api/games');
    if (list.status === 200 && Array.isArray(list.body) && list.body.length > 0)
      await this.client.call('GET', `/api/games/${r.pick(list.body)!.id}`);
  }

  /** Pays a checkout at the provider as the payer would, and has its webhook sent. */
  private payStripe(url: string) {
    const sessionId = new URL(url).pathname.split('/').at(-1)!;
    if (!this.o.stripe.sessions.has(sessionId)) return;
    if (this.o.stripe.sessions.get(sessionId)!.status !== 'open') return;
    this.o.stripe.markSessionPaid(sessionId);
    this.courier.push(() => this.o.stripe.webhookFor(sessionId), 'stripe');
  }
  private payPix(initPoint: string) {
    const preferenceId = new URL(initPoint).searchParams.get('pref_id');
    if (!preferenceId || !this.o.mp.preferences.has(preferenceId)) return;
    const payment = this.o.mp.createPayment({ preferenceId });
    this.courier.push(() => this.o.mp.webhookFor(payment.id), 'mp');
  }

  private async topUp(r: Random, method: 'card' | 'pix') {
    const player = this.player(r);
    const amount = r.pick([20, 30, 50])!;
    if (method === 'card') {
      const res = await this.client.call<{ url: string }>('POST', '/api/credits/create-checkout', {
        token: player.token,
        body: { amount },
      });
      if (res.status === 200 && r.chance(0.9)) this.payStripe(res.body.url);
    } else {
      const res = await this.client.call<{ initPoint: string }>('POST', '/api/credits/create-mercadopago-checkout', {
        token: player.token,
        body: { amount },
      });
      if (res.status === 200 && r.chance(0.9)) this.payPix(res.body.initPoint);
    }
  }

  private async apply(r: Random, paymentType: 'credit' | 'card' | 'mercadopago') {
    const game = this.upcoming(r);
    if (!game) return;
    const res = await this.client.call<{ url?: string; initPoint?: string }>('POST', `/api/games/${game.id}/apply`, {
      token: this.player(r).token,
      body: { paymentType },
    });
    if (res.status !== 200 || !r.chance(0.85)) return;
    if (res.body.url) this.payStripe(res.body.url);
    if (res.body.initPoint) this.payPix(res.body.initPoint);
  }

  private async cancelPlace(r: Random) {
    const game = r.chance(0.5) ? this.upcoming(r) : r.pick(this.games);
    if (game) await this.client.call('POST', `/api/games/${game.id}/cancel`, { token: this.player(r).token });
  }

  private async joinLine(r: Random) {
    const game = this.upcoming(r);
    if (game) await this.client.call('POST', `/api/games/${game.id}/waitlist`, { token: this.player(r).token });
  }

  private async walkIn(r: Random) {
    const game = r.pick(this.games);
    if (!game) return;
    await this.client.call('POST', `/api/user-games/${game.id}/walk-ins`, {
      token: game.organiser.token,
      body: { name: `Avulso ${randomBytes(2).toString('hex')}` },
    });
  }

  private async editGame(r: Random) {
    const game = this.upcoming(r);
    if (!game) return;
    if (r.chance(0.5)) {
      await this.client.call('PUT', `/api/user-games/${game.id}`, {
        token: game.organiser.token,
        body: { ...game.body, description: `Atualizado ${new Date().toISOString()}` },
      });
      return;
    }
    const startsAt = game.startsAt + r.pick([-1, 1])! * 30 * MINUTE_MS;
    if (startsAt < Date.now() + MINUTE_MS) return;
    const body = { ...game.body, dateTime: new Date(startsAt).toISOString() };
    const res = await this.client.call('PUT', `/api/user-games/${game.id}`, { token: game.organiser.token, body });
    if (res.status === 200) Object.assign(game, { startsAt, body });
  }

  private async newGame(r: Random) {
    await this.createGame(r.pick(this.organisers)!, r.pick([1, 2, 4])! * MINUTE_MS + r.int(0, 30_000), r);
  }

  private async cancelGame(r: Random) {
    const game = this.upcoming(r);
    if (!game || !r.chance(0.3)) return;
    const res = await this.client.call('POST', `/api/user-games/${game.id}/cancel`, {
      token: game.organiser.token,
      body: { reason: 'Quadra interditada pela chuva' },
    });
    if (res.status === 200) this.games.splice(this.games.indexOf(game), 1);
  }

  private async askPayout(r: Random) {
    const organiser = r.pick(this.organisers)!;
    await this.client.call('POST', '/api/user-games/payouts', { token: organiser.token, body: {} });
  }

  private async payPayouts(r: Random) {
    const list = await this.client.call<{ payouts: { id: number; status: string }[] }>('GET', '/api/admin/payouts', {
      token: this.adminToken,
    });
    if (list.status !== 200) return;
    for (const payout of list.body.payouts.filter((p) => p.status === 'requested')) {
      if (r.chance(0.85)) {
        await this.client.call('POST', `/api/admin/payouts/${payout.id}/paid`, {
          token: this.adminToken,
          body: { reference: `E${randomBytes(16).toString('hex').toUpperCase().slice(0, 31)}` },
        });
      } else {
        await this.client.call('POST', `/api/admin/payouts/${payout.id}/reject`, {
          token: this.adminToken,
          body: { reason: 'Chave PIX não confere' },
        });
      }
    }
  }

  /** After the whistle only the administration gives money back (confirmed): a place taken back from a started game. */
  private async takeBackAfterGame(r: Random) {
    const game = this.started(r);
    if (!game) return;
    const detail = await this.client.call<{ players?: { id: number; status: string }[] }>('GET', `/api/admin/games/${game.id}`, {
      token: this.adminToken,
    });
    const players = detail.status === 200 && Array.isArray(detail.body.players) ? detail.body.players : [];
    if (players.length === 0) return;
    const { id } = r.pick(players)!;
    await this.client.call('DELETE', `/api/admin/games/${game.id}/users/${id}`, { token: this.adminToken, body: { confirm: true } });
  }

  private async askCode(r: Random) {
    const stranger = r.chance(0.2);
    const email = stranger ? `ninguem-${randomBytes(4).toString('hex')}@bora.test` : this.player(r).email;
    if (stranger) this.asked.strangers.add(email);
    const counts = this.asked.codes.get(email) ?? { accepted: 0, unknown: 0 };
    if (!stranger) this.asked.codes.set(email, counts);
    try {
      const res = await this.client.call('POST', '/api/auth/forgot', { body: { email } });
      if (res.status === 200) counts.accepted += 1;
    } catch (error) {
      counts.unknown += 1;
      throw error;
    }
  }

  /** A phone or two per person: a person with two already leaves it. */
  private async subscribePush(r: Random) {
    const player = r.pick(this.players)!;
    const devices = this.devices.get(player.id) ?? 0;
    if (devices >= 2) return;
    this.devices.set(player.id, devices + 1);
    const subscription = this.o.push.subscribe();
    subscription.endpoint = `${this.o.pushUrl}/push/${subscription.id}`;
    await this.client.call('POST', '/api/users/me/push-subscriptions', {
      token: player.token,
      body: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
    });
  }
}

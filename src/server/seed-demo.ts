import { and, eq, sql } from 'drizzle-orm';
import { TIME_ZONE, zonedTimeToInstant } from '../shared/dates';
import { postCreditTransaction } from './core/credits/post-credit-transaction';
import { descriptionToHtml } from './core/games/description-html';
import { generatePrivateLink } from './core/games/private-link';
import type { Db } from './db/open-database';
import { cities, gameMessages, games, groupMembers, groups, notifications, registrations, sports, states, users } from './db/schema';
import { hashPassword } from './lib/passwords';

/** The demo accounts the README lists. */
export const demoAccounts = [
  { name: 'Admin Bora Jogar', email: 'admin@borajogar.com.br', password: 'admin123', role: 'admin', phone: '48999990000' },
  { name: 'Joana Jogadora', email: 'jogador@borajogar.com.br', password: 'jogador123', role: 'player', phone: '48991234567' },
  { name: 'Otávio Organizador', email: 'organizador@borajogar.com.br', password: 'organizador123', role: 'player', phone: '47988887777' },
] as const;

/** Fills an empty database with demo data; does nothing once anyone has an account. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  for (const account of demoAccounts) {
    await db
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        phone: account.phone,
        role: account.role,
        passwordHash: await hashPassword(account.password),
      })
      .onConflictDoNothing();
  }
  await seedDemoGames(db);
  return true;
}

/** `YYYY-MM-DD` of today + `days` in São Paulo, at `time` São Paulo time. */
function upcoming(days: number, time: string): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(Date.now() + days * 86_400_000));
  return zonedTimeToInstant(`${day}T${time}`, TIME_ZONE);
}

/** Players without a password (they cannot sign in) who fill a nearly full game. */
const fillerPlayers = [
  { name: 'Carlos Levantador', email: 'carlos@exemplo.com.br', phone: '47991110001' },
  { name: 'Bianca Ponteira', email: 'bianca@exemplo.com.br', phone: '47991110002' },
  { name: 'Rafael Líbero', email: 'rafael@exemplo.com.br', phone: '47991110003' },
];

/** Upcoming games in Florianópolis and Joinville by the demo organiser, and credits for the demo player. */
async function seedDemoGames(db: Db): Promise<void> {
  const byEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
  const [admin, player, organiser] = [
    await byEmail(demoAccounts[0].email),
    await byEmail(demoAccounts[1].email),
    await byEmail(demoAccounts[2].email),
  ];
  const sportId = async (name: string) => (await db.select().from(sports).where(eq(sports.name, name)))[0]!.id;
  const [sc] = await db.select().from(states).where(eq(states.uf, 'SC'));
  const cityId = async (name: string) =>
    (
      await db
        .select()
        .from(cities)
        .where(and(eq(cities.stateId, sc!.id), eq(cities.name, name)))
    )[0]!.id;
  const floripa = await cityId('Florianópolis');
  const joinville = await cityId('Joinville');
  const volei = await sportId('Vôlei');

  const game = (values: Omit<typeof games.$inferInsert, 'privateLink' | 'creatorId' | 'stateId' | 'descriptionHtml'>) => ({
    ...values,
    descriptionHtml: descriptionToHtml(values.description ?? ''),
    privateLink: generatePrivateLink(),
    creatorId: organiser.id,
    stateId: sc!.id,
    state: 'published' as const,
  });
  const created = await db
    .insert(games)
    .values([
      game({
        name: 'Vôlei de Quinta no Estreito',
        location: 'Ginásio do Estreito',
        address: 'Rua Santos Saraiva, 500 - Estreito, Florianópolis - SC',
        dateTime: upcoming(2, '19:30'),
        priceCents: 1500,
        totalSlots: 12,
        description: 'Vôlei misto, nível intermediário.\n\nChegue 10 minutos antes para o aquecimento.',
        sportId: volei,
        cityId: floripa,
      }),
      game({
        name: 'Vôlei de Praia no Campeche',
        location: 'Praia do Campeche',
        address: 'Av. Campeche, em frente ao posto 3, Florianópolis - SC',
        dateTime: upcoming(3, '08:00'),
        priceCents: 2000,
        totalSlots: 8,
        usePlatformPayment: false,
        description: 'Duplas sorteadas na hora. Pagamento via PIX direto com o organizador.',
        sportId: await sportId('Vôlei de Praia'),
        cityId: floripa,
      }),
      game({
        name: 'Futevôlei na Joaquina',
        location: 'Praia da Joaquina',
        address: 'Av. Prefeito Acácio Garibaldi São Thiago, Florianópolis - SC',
        dateTime: upcoming(4, '17:00'),
        priceCents: 1200,
        totalSlots: 10,
        description: 'Rede oficial e bola inclusa.',
        sportId: await sportId('Futevôlei'),
        cityId: floripa,
      }),
      game({
        name: 'Vôlei Misto em Joinville',
        location: 'Ginásio Abel Schulz',
        address: 'Rua Inácio Bastos, 1084 - Bucarein, Joinville - SC',
        dateTime: upcoming(2, '20:00'),
        priceCents: 1800,
        totalSlots: 4,
        usePlatformPayment: false,
        description: 'Última vaga! Pagamento com o organizador no local.',
        sportId: volei,
        cityId: joinville,
      }),
      game({
        name: 'Beach Tennis ao Pôr do Sol',
        location: 'Arena Beira-Rio',
        address: 'Rua Max Colin, 200 - América, Joinville - SC',
        dateTime: upcoming(6, '18:00'),
        priceCents: 2500,
        totalSlots: 6,
        description: 'Raquetes disponíveis para empréstimo.',
        sportId: await sportId('Beach Tennis'),
        cityId: joinville,
      }),
      game({
        name: 'Vôlei dos Amigos (privado)',
        location: 'Clube Doze de Agosto',
        address: 'Rua Almirante Lamego, 1300 - Centro, Florianópolis - SC',
        dateTime: upcoming(5, '19:00'),
        priceCents: 1000,
        totalSlots: 12,
        visibility: 'private',
        description: 'Jogo fechado da turma: só com convite ou link.',
        sportId: volei,
        cityId: floripa,
      }),
    ])
    .returning();

  const nearlyFull = created.find((g) => g.totalSlots === 4)!;
  const fillers = await db.insert(users).values(fillerPlayers).onConflictDoNothing().returning();
  if (fillers.length > 0) {
    await db.insert(registrations).values(
      fillers.map((filler) => ({
        gameId: nearlyFull.id,
        userId: filler.id,
        status: 'confirmed' as const,
        paymentType: 'external' as const,
        joinedAt: new Date(),
        confirmedAt: new Date(),
      })),
    );
  }

  await seedDemoTurma(db, {
    organiserId: organiser.id,
    memberIds: [player.id, ...fillers.map((filler) => filler.id)],
    game: game({
      name: 'Racha da Praia Mole',
      location: 'Praia Mole',
      address: 'Rod. Jornalista Manoel de Menezes, Praia Mole, Florianópolis - SC',
      dateTime: upcoming(7, '09:00'),
      priceCents: 1500,
      totalSlots: 12,
      visibility: 'group',
      description: 'Só para a turma: rede montada às 8h45.',
      sportId: volei,
      cityId: floripa,
    }),
  });

  await db.transaction((tx) =>
    postCreditTransaction(tx, {
      userId: player.id,
      amountCents: 10_000,
      type: 'add_manual',
      description: 'Créditos de demonstração',
      source: 'admin',
      reference: 'seed:demo-player-credits',
      createdBy: admin.id,
    }),
  );
}

/**
 * A public turma of the demo organiser in Florianópolis, with the demo player and the fillers as members, a game only
 * for the turma and an aviso the player finds in the turma's page and in the notifications.
 */
async function seedDemoTurma(
  db: Db,
  demo: { organiserId: number; memberIds: number[]; game: Omit<typeof games.$inferInsert, 'groupId'> },
): Promise<void> {
  const now = new Date();
  const [turma] = await db
    .insert(groups)
    .values({
      name: 'Vôlei da Praia Mole',
      slug: 'volei-da-praia-mole',
      description: 'Sábados de manhã na Praia Mole, nível intermediário. Entre e venha jogar!',
      cityId: demo.game.cityId!,
      inviteToken: generatePrivateLink(),
    })
    .returning();
  await db.insert(groupMembers).values([
    { groupId: turma!.id, userId: demo.organiserId, role: 'owner', status: 'member', joinedAt: now },
    ...demo.memberIds.map((userId) => ({
      groupId: turma!.id,
      userId,
      role: 'member' as const,
      status: 'member' as const,
      joinedAt: now,
    })),
  ]);
  await db.insert(games).values({ ...demo.game, groupId: turma!.id });
  const text = 'Bem-vindos à turma! Os jogos de sábado aparecem aqui; o aviso de cada semana também.';
  await db.insert(gameMessages).values({ groupId: turma!.id, senderId: demo.organiserId, text });
  await db.insert(notifications).values(
    demo.memberIds.map((userId) => ({
      userId,
      type: 'group_message' as const,
      message: `Aviso de Otávio Organizador: ${text}`,
      aboutUserId: demo.organiserId,
      groupId: turma!.id,
    })),
  );
}

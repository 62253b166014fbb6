import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { ExportReply } from '../../../shared/schemas/users';
import type { AuthUser, ServerContext } from '../../core/context';
import { readNotificationSettings } from '../../core/notifications/get-notification-settings';
import { toPublicUser } from '../../core/users/public-user';
import { readInBatches, SCATTERED_BATCH } from '../../db/read-in-batches';
import {
  cancellationRequests,
  creditTransactions,
  games,
  invitations,
  notifications,
  organiserEarnings,
  payments,
  payouts,
  pushSubscriptions,
  registrations,
  seriesMembers,
  teamPlayers,
} from '../../db/schema';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Everything the product holds about the user, for the "Baixar meus dados" download (LGPD art. 18). */
export async function exportMyData(ctx: ServerContext, user: AuthUser): Promise<ExportReply> {
  const [
    registrationRows,
    ledger,
    paymentRows,
    cancellations,
    notificationRows,
    invitationRows,
    memberships,
    settings,
    devices,
    earningRows,
    payoutRows,
  ] = await Promise.all([
    // What grows with years of use is read a batch at a time along one of the user's indexes, then put in order.
    readInBatches(
      (after: { registration: { id: number; gameId: number } } | undefined, batch) =>
        ctx.db
          .select({ registration: registrations, gameName: games.name, gameDateTime: games.dateTime, team: teamPlayers.team })
          .from(registrations)
          .innerJoin(games, eq(games.id, registrations.gameId))
          .leftJoin(teamPlayers, and(eq(teamPlayers.gameId, registrations.gameId), eq(teamPlayers.userId, registrations.userId)))
          .where(
            and(
              eq(registrations.userId, user.id),
              after && sql`(${registrations.gameId}, ${registrations.id}) > (${after.registration.gameId}, ${after.registration.id})`,
            ),
          )
          .orderBy(asc(registrations.gameId), asc(registrations.id))
          .limit(batch),
      (row) => row.registration.id,
      SCATTERED_BATCH,
    ).then((rows) => rows.sort((a, b) => a.registration.id - b.registration.id)),
    readInBatches(
      (after: { key: string; row: { id: number } } | undefined, batch) =>
        ctx.db
          .select({ row: creditTransactions, key: sql<string>`${creditTransactions.createdAt}::text` })
          .from(creditTransactions)
          .where(
            and(
              eq(creditTransactions.userId, user.id),
              after && sql`(${creditTransactions.createdAt}, ${creditTransactions.id}) > (${after.key}::timestamptz, ${after.row.id})`,
            ),
          )
          .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id))
          .limit(batch),
      (entry) => entry.row.id,
      SCATTERED_BATCH,
    ).then((entries) => entries.map((entry) => entry.row).sort((a, b) => a.id - b.id)),
    ctx.db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(asc(payments.id)),
    ctx.db.select().from(cancellationRequests).where(eq(cancellationRequests.userId, user.id)).orderBy(asc(cancellationRequests.id)),
    readInBatches(
      (after: { id: number } | undefined, batch) =>
        ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), after && gt(notifications.id, after.id)))
          .orderBy(asc(notifications.id))
          .limit(batch),
      (row) => row.id,
      SCATTERED_BATCH,
    ),
    ctx.db
      .select({ invitation: invitations, gameName: games.name })
      .from(invitations)
      .innerJoin(games, eq(games.id, invitations.gameId))
      .where(eq(invitations.userId, user.id))
      .orderBy(asc(invitations.id)),
    ctx.db.select().from(seriesMembers).where(eq(seriesMembers.userId, user.id)).orderBy(asc(seriesMembers.id)),
    readNotificationSettings(ctx.db, user.id),
    ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)).orderBy(asc(pushSubscriptions.id)),
    ctx.db.select().from(organiserEarnings).where(eq(organiserEarnings.organiserId, user.id)).orderBy(asc(organiserEarnings.id)),
    ctx.db.select().from(payouts).where(eq(payouts.organiserId, user.id)).orderBy(asc(payouts.id)),
  ]);
  return {
    exportedAt: ctx.clock.now().toISOString(),
    profile: {
      ...toPublicUser(user),
      signsInWithGoogle: user.googleSub !== null,
      hasPassword: user.passwordHash !== null,
      createdAt: user.createdAt.toISOString(),
    },
    registrations: registrationRows.map(({ registration: r, gameName, gameDateTime, team }) => ({
      gameId: r.gameId,
      gameName,
      gameDateTime: gameDateTime.toISOString(),
      status: r.status,
      paymentType: r.paymentType,
      paidAmount: toReais(r.paidCents),
      joinedAt: r.joinedAt.toISOString(),
      confirmedAt: iso(r.confirmedAt),
      cancelledAt: iso(r.cancelledAt),
      remindedAt: iso(r.remindedAt),
      present: r.present,
      level: r.level,
      team: team === null ? null : messages.gameDay.teamName(team),
    })),
    creditTransactions: ledger.map((row) => ({
      amount: toReais(row.amountCents),
      type: row.type,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    })),
    payments: paymentRows.map((row) => ({
      purpose: row.purpose,
      method: row.method,
      provider: row.provider,
      amount: toReais(row.amountCents),
      status: row.status,
      refundedAmount: toReais(row.refundedCents),
      gameId: row.gameId,
      createdAt: row.createdAt.toISOString(),
      paidAt: iso(row.paidAt),
    })),
    cancellationRequests: cancellations.map((row) => ({
      gameId: row.gameId,
      amount: toReais(row.amountCents),
      status: row.status,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
    notifications: notificationRows.map((row) => ({
      type: row.type,
      message: row.message,
      gameId: row.gameId,
      readAt: iso(row.readAt),
      createdAt: row.createdAt.toISOString(),
    })),
    invitations: invitationRows.map(({ invitation, gameName }) => ({
      gameId: invitation.gameId,
      gameName,
      email: invitation.email,
      createdAt: invitation.createdAt.toISOString(),
    })),
    calendarFeed: { active: user.calendarToken !== null },
    seriesMemberships: memberships.map((row) => ({
      seriesId: row.seriesId,
      joinedAt: row.joinedAt.toISOString(),
      leftAt: iso(row.leftAt),
      endReason: row.endReason,
    })),
    notificationSettings: settings,
    pushSubscriptions: devices.map((row) => ({
      endpoint: row.endpoint,
      createdAt: row.createdAt.toISOString(),
      lastSuccessAt: iso(row.lastSuccessAt),
    })),
    payoutKey:
      user.payoutKeyType && user.payoutKey && user.payoutHolderName
        ? { type: user.payoutKeyType, key: user.payoutKey, holderName: user.payoutHolderName }
        : null,
    earnings: earningRows.map((row) => ({
      kind: row.kind,
      gameId: row.gameId,
      gross: toReais(row.grossCents),
      fee: toReais(row.feeCents),
      net: toReais(row.netCents),
      feePercent: row.feePercent,
      createdAt: row.createdAt.toISOString(),
    })),
    payouts: payoutRows.map((row) => ({
      amount: toReais(row.amountCents),
      status: row.status,
      key: row.key,
      requestedAt: row.requestedAt.toISOString(),
      decidedAt: iso(row.decidedAt),
      reference: row.reference,
      reason: row.reason,
    })),
  };
}

import { type NotificationKind, notificationKindLabels } from '../../../shared/schemas/notification-settings';
import type { Queryable } from '../../db/open-database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/app-error';
import type { ServerContext } from '../context';
import { readUnsubscribeToken, unsubscribeSecret } from './unsubscribe-link';

export const UNSUBSCRIBE_LINK_INVALID =
  'Este link para deixar de receber e-mails não é válido. Escolha o que você recebe no seu perfil do Bora Jogar.';
export const UNSUBSCRIBE_LINK_EXPIRED =
  'Este link para deixar de receber e-mails expirou. Escolha o que você recebe no seu perfil do Bora Jogar.';

/** The account and kind of a valid link, or the pt-BR 400 of a forged, damaged or expired one. */
export async function verifyUnsubscribeLink(
  q: Queryable,
  clock: Clock,
  token: string,
): Promise<{ userId: number; kind: NotificationKind }> {
  const check = readUnsubscribeToken(await unsubscribeSecret(q), token, clock.now());
  if (check.ok) return { userId: check.userId, kind: check.kind };
  if (check.reason === 'expired') throw new AppError('unsubscribe_link_expired', UNSUBSCRIBE_LINK_EXPIRED);
  throw new AppError('unsubscribe_link_invalid', UNSUBSCRIBE_LINK_INVALID);
}

/** What the link of an e-mail would turn off, for the page a GET shows (which changes nothing: mail scanners open links). */
export async function checkUnsubscribeLink(ctx: ServerContext, token: string): Promise<{ kind: NotificationKind; kindLabel: string }> {
  const { kind } = await verifyUnsubscribeLink(ctx.db, ctx.clock, token);
  return { kind, kindLabel: notificationKindLabels[kind] };
}

import type { NotificationKind } from '../../../shared/schemas/notification-settings';

export type NotificationType =
  | 'registration_confirmed'
  | 'waitlisted'
  | 'left_waitlist'
  | 'promoted'
  | 'promotion_awaiting_payment'
  | 'payment_expired'
  | 'registration_cancelled'
  | 'game_changed'
  | 'game_cancelled'
  | 'credits_added'
  | 'late_payment_credited'
  | 'invitation_received'
  | 'removed_from_game'
  | 'refund_processed'
  | 'refund_rejected'
  | 'game_reminder'
  | 'member_place_confirmed'
  | 'member_place_pending'
  | 'new_registration'
  | 'new_series_member'
  | 'payout_paid'
  | 'payout_rejected'
  | 'payment_account_lost'
  | 'group_game'
  | 'game_message'
  | 'group_message';

/**
 * The kind each notification belongs to, which the person's preferences turn on or off. The database has the same
 * table (`notification_kind()`, db/definitions/notification_kind.sql) for the pushes its trigger queues; a test holds the two together.
 */
export const kindOfType: Record<NotificationType, NotificationKind> = {
  game_reminder: 'reminders',
  registration_confirmed: 'places',
  waitlisted: 'places',
  left_waitlist: 'places',
  promoted: 'places',
  promotion_awaiting_payment: 'places',
  payment_expired: 'places',
  member_place_confirmed: 'places',
  member_place_pending: 'places',
  registration_cancelled: 'changes',
  game_changed: 'changes',
  game_cancelled: 'changes',
  removed_from_game: 'changes',
  invitation_received: 'invitations',
  credits_added: 'receipts',
  late_payment_credited: 'receipts',
  refund_processed: 'receipts',
  refund_rejected: 'receipts',
  new_registration: 'organiser',
  new_series_member: 'organiser',
  payment_account_lost: 'organiser',
  payout_paid: 'receipts',
  payout_rejected: 'receipts',
  group_game: 'groups',
  game_message: 'messages',
  group_message: 'messages',
};

/** The title of a push, by what happened; its text is the notification's message. */
export const pushTitles: Record<NotificationType, string> = {
  game_reminder: 'Lembrete de jogo',
  registration_confirmed: 'Inscrição confirmada',
  waitlisted: 'Você está na lista de espera',
  left_waitlist: 'Você saiu da lista de espera',
  promoted: 'Você ganhou uma vaga!',
  promotion_awaiting_payment: 'Abriu uma vaga para você',
  payment_expired: 'O prazo para pagar acabou',
  member_place_confirmed: 'Vaga de mensalista confirmada',
  member_place_pending: 'Vaga de mensalista reservada: pague até o prazo',
  registration_cancelled: 'Inscrição cancelada',
  game_changed: 'O jogo mudou',
  game_cancelled: 'Jogo cancelado',
  removed_from_game: 'Você foi tirado do jogo',
  invitation_received: 'Você recebeu um convite',
  credits_added: 'Créditos adicionados',
  late_payment_credited: 'Pagamento virou créditos',
  refund_processed: 'Reembolso feito',
  refund_rejected: 'Reembolso recusado',
  new_registration: 'Nova inscrição no seu jogo',
  new_series_member: 'Novo mensalista na sua série',
  payout_paid: 'Repasse pago',
  payout_rejected: 'Repasse recusado',
  payment_account_lost: 'Reconecte sua conta de recebimentos',
  group_game: 'Novo jogo na sua turma',
  game_message: 'Aviso do seu jogo',
  group_message: 'Aviso da sua turma',
};

export const isNotificationType = (type: string): type is NotificationType => Object.hasOwn(kindOfType, type);

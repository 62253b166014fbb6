import type { ExportReply } from '../../../shared/schemas/users';
import { formatBRL, formatDateTime, formatPhone, TIME_ZONE } from '../../lib/format';
import { EXPORT_FILENAME } from './api';

/** One line of the summary: what it is and what the file holds of it. */
export type SummaryLine = { label: string; value: string };

/** `3 inscrições` / `1 inscrição` / `nenhuma inscrição`. */
function count(n: number, one: string, many: string, none: string): string {
  if (n === 0) return none;
  return `${n} ${n === 1 ? one : many}`;
}

/** The parts that are not zero, joined: `2 confirmadas, 1 na lista de espera`. */
function parts(entries: [number, string, string][]): string {
  const said = entries.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return said.length === 0 ? '' : ` (${said.join(', ')})`;
}

const registrationsOf = (data: ExportReply, status: string) => data.registrations.filter((r) => r.status === status).length;

/**
 * What the downloaded file holds, in words (issue 42, item 10): the file itself keeps the data as the system has it
 * (JSON, English keys), for another service to read; this is for the person.
 */
export function exportSummary(data: ExportReply): SummaryLine[] {
  const { profile } = data;
  const paid = data.payments.filter((payment) => payment.status === 'paid' || payment.status === 'refunded');
  const unread = data.notifications.filter((notification) => notification.readAt === null).length;
  const activeMemberships = data.seriesMemberships.filter((membership) => membership.leftAt === null).length;
  const lines: SummaryLine[] = [
    { label: 'Arquivo gerado em', value: formatDateTime(data.exportedAt, TIME_ZONE) },
    {
      label: 'Conta',
      value: [
        profile.name,
        profile.email,
        profile.phone ? formatPhone(profile.phone) : 'sem telefone',
        `criada em ${formatDateTime(profile.createdAt, TIME_ZONE)}`,
        [profile.hasPassword && 'entra com senha', profile.signsInWithGoogle && 'entra com o Google'].filter(Boolean).join(' e '),
      ]
        .filter(Boolean)
        .join(' · '),
    },
    { label: 'Saldo de créditos', value: formatBRL(profile.credits) },
    {
      label: 'Inscrições em jogos',
      value:
        count(data.registrations.length, 'inscrição', 'inscrições', 'nenhuma inscrição') +
        parts([
          [registrationsOf(data, 'confirmed'), 'confirmada', 'confirmadas'],
          [registrationsOf(data, 'pending'), 'aguardando pagamento', 'aguardando pagamento'],
          [registrationsOf(data, 'waitlist'), 'na lista de espera', 'na lista de espera'],
          [registrationsOf(data, 'cancelled'), 'cancelada', 'canceladas'],
        ]),
    },
    {
      label: 'Movimentos de créditos',
      value: count(data.creditTransactions.length, 'movimento', 'movimentos', 'nenhum movimento'),
    },
    {
      label: 'Pagamentos com cartão ou PIX',
      value:
        count(data.payments.length, 'pagamento', 'pagamentos', 'nenhum pagamento') +
        (paid.length > 0 ? `, ${formatBRL(paid.reduce((sum, payment) => sum + payment.amount, 0))} pagos` : ''),
    },
    {
      label: 'Pedidos de reembolso',
      value: count(data.cancellationRequests.length, 'pedido', 'pedidos', 'nenhum pedido'),
    },
    {
      label: 'Notificações',
      value:
        count(data.notifications.length, 'notificação', 'notificações', 'nenhuma notificação') + parts([[unread, 'não lida', 'não lidas']]),
    },
    { label: 'Convites para jogos', value: count(data.invitations.length, 'convite', 'convites', 'nenhum convite') },
    {
      label: 'Mensalista',
      value:
        count(data.seriesMemberships.length, 'série semanal', 'séries semanais', 'em nenhuma série semanal') +
        parts([[activeMemberships, 'ativa', 'ativas']]),
    },
    { label: 'Agenda privada', value: data.calendarFeed.active ? 'link de assinatura ativo' : 'sem link de assinatura' },
    {
      label: 'Aparelhos com notificações',
      value: count(data.pushSubscriptions.length, 'aparelho', 'aparelhos', 'nenhum aparelho'),
    },
    { label: 'Chave PIX de repasses', value: data.payoutKey ? `${data.payoutKey.key} (${data.payoutKey.holderName})` : 'nenhuma' },
    {
      label: 'Como organizador',
      value: `${count(data.earnings.length, 'lançamento', 'lançamentos', 'nenhum lançamento')} de recebimentos, ${count(
        data.payouts.length,
        'repasse pedido',
        'repasses pedidos',
        'nenhum repasse pedido',
      )}`,
    },
  ];
  return lines;
}

/** The summary as a text file, one line each, to keep beside the JSON. */
export function exportSummaryText(data: ExportReply): string {
  const lines = exportSummary(data).map(({ label, value }) => `${label}: ${value}`);
  return ['Bora Jogar: resumo dos seus dados', '', ...lines, '', `Os dados completos estão no arquivo ${EXPORT_FILENAME}.`, ''].join('\n');
}

import { dateAndTimeIn, TIME_ZONE } from '../../../shared/dates';
import type { MailMessage } from '../../integrations/mail/mailer';
import { layout } from '../../integrations/mail/templates';
import { escapeHtml } from '../../lib/html';

const years = (count: number) => (count === 1 ? '1 ano' : `${count} anos`);

/** `30/12/2026`: the day of `instant` on São Paulo's clocks (it is about an account, which has no place). */
function day(instant: Date): string {
  const [year, month, date] = dateAndTimeIn(instant, TIME_ZONE).date.split('-');
  return `${date}/${month}/${year}`;
}

/**
 * Tells the owner of an unused account that it will be erased after `lastDay` unless they sign in (decision 043),
 * with the link to do so and what the erasure keeps.
 */
export function inactivityWarningEmail(input: {
  to: string;
  name: string;
  inactiveYears: number;
  lastDay: Date;
  publicUrl: string;
}): MailMessage {
  const loginUrl = `${input.publicUrl}/login`;
  const subject = 'Sua conta no Bora Jogar será excluída por falta de uso';
  const paragraphs = [
    `Faz muito tempo que você não usa a sua conta do Bora Jogar. Como diz a nossa Política de Privacidade, contas sem uso por ${years(input.inactiveYears)} são excluídas.`,
    `Se você não entrar na sua conta até ${day(input.lastDay)}, vamos excluí-la, com o seu nome, e-mail, telefone e notificações.`,
    'Quer continuar com a conta? É só entrar nela, com a sua senha ou com o Google, e nada muda.',
    'Se não quiser mais a conta, não precisa fazer nada. O histórico de créditos, os pagamentos e as inscrições em jogos que já aconteceram ficam guardados sem nenhum dado pessoal, como a lei pede.',
  ];
  const text = [`Olá, ${input.name}!`, '', ...paragraphs.flatMap((p) => [p, '']), `Entrar: ${loginUrl}`, '', 'Equipe Bora Jogar'].join(
    '\n',
  );
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(loginUrl)}" style="display:inline-block;background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Entrar e manter a conta</a></p>`,
    input.publicUrl,
  );
  return { to: input.to, subject, text, html };
}

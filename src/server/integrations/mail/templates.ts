import { escapeHtml } from '../../lib/html';
import type { MailMessage } from './mailer';

/** Where every layout ends: rows added to an e-mail after it was written go before it. */
const LAYOUT_END = `</table>
</body>
</html>`;

const ACCOUNT_FOOTER = 'Você recebeu este e-mail porque tem uma conta no Bora Jogar. Não responda a esta mensagem.';

/** A plain, well-formed HTML frame shared by every e-mail. */
export function layout(title: string, bodyHtml: string, publicUrl: string, footer = ACCOUNT_FOOTER): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px">
<tr><td style="padding:24px 28px;border-bottom:4px solid #f5b700"><a href="${escapeHtml(publicUrl)}" style="font-size:22px;font-weight:bold;color:#0b4f8a;text-decoration:none">Bora Jogar</a></td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#6b7280">${escapeHtml(footer)}</td></tr>
${LAYOUT_END}`;
}

/**
 * An e-mail of a kind the person can turn off, finished: a footer (in the plain text and the html) saying why they
 * got it, with the link that turns that kind off and the one to their preferences, and the headers that let mail
 * programs offer the same in one click (List-Unsubscribe with List-Unsubscribe-Post, RFC 8058).
 */
export function withPreferenceFooter(
  message: MailMessage,
  input: { kindLabel: string; unsubscribeUrl: string; settingsUrl: string },
): MailMessage {
  const why = `Você recebeu este e-mail porque os avisos de ${input.kindLabel} estão ligados na sua conta do Bora Jogar.`;
  const text = [
    message.text,
    '',
    '--',
    why,
    `Para não receber mais e-mails de ${input.kindLabel}: ${input.unsubscribeUrl}`,
    `Para escolher o que você recebe por e-mail e no celular: ${input.settingsUrl}`,
  ].join('\n');
  const footer = `${escapeHtml(why)}<br>
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">Não quero mais e-mails de ${escapeHtml(input.kindLabel)}</a> ·
<a href="${escapeHtml(input.settingsUrl)}" style="color:#6b7280">Escolher o que recebo</a>`;
  const end = message.html.lastIndexOf(LAYOUT_END);
  const html =
    end >= 0
      ? `${message.html.slice(0, end)}<tr><td style="padding:0 28px 20px;font-size:12px;color:#6b7280">${footer}</td></tr>\n${message.html.slice(end)}`
      : `${message.html}\n<p style="font-size:12px;color:#6b7280">${footer}</p>`;
  return {
    ...message,
    text,
    html,
    headers: { ...message.headers, 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export function resetCodeEmail(input: { to: string; name: string; code: string; minutes: number; publicUrl: string }): MailMessage {
  const resetUrl = `${input.publicUrl}/reset-password?email=${encodeURIComponent(input.to)}`;
  const subject = `Seu código de recuperação: ${input.code}`;
  const text = [
    `Olá, ${input.name}!`,
    '',
    'Recebemos um pedido para redefinir a senha da sua conta no Bora Jogar.',
    `Seu código de verificação é: ${input.code}`,
    '',
    `O código vale por ${input.minutes} minutos e só pode ser usado uma vez.`,
    `Para redefinir sua senha, acesse: ${resetUrl}`,
    '',
    'Se você não pediu a recuperação, ignore este e-mail: sua senha continua a mesma.',
    '',
    'Equipe Bora Jogar',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta no Bora Jogar. Seu código de verificação é:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:8px;text-align:center;margin:24px 0">${escapeHtml(input.code)}</p>
<p>O código vale por ${input.minutes} minutos e só pode ser usado uma vez.</p>
<p><a href="${escapeHtml(resetUrl)}" style="display:inline-block;background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Redefinir senha</a></p>
<p style="color:#6b7280">Se você não pediu a recuperação, ignore este e-mail: sua senha continua a mesma.</p>`,
    input.publicUrl,
  );
  return { to: input.to, subject, text, html };
}

/** A short notice about one game (promotion, cancellation…) with a link to it, and to its place on a map when given. */
export function gameNoticeEmail(input: {
  to: string;
  name: string;
  subject: string;
  paragraphs: string[];
  gamePath: string;
  publicUrl: string;
  mapUrl?: string;
}): MailMessage {
  const gameUrl = `${input.publicUrl}${input.gamePath}`;
  const text = [
    `Olá, ${input.name}!`,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(input.mapUrl ? [`Como chegar: ${input.mapUrl}`] : []),
    `Veja o jogo: ${gameUrl}`,
    '',
    'Equipe Bora Jogar',
  ].join('\n');
  const mapLink = input.mapUrl ? `\n<p><a href="${escapeHtml(input.mapUrl)}">Como chegar (mapa)</a></p>` : '';
  const html = layout(
    input.subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}${mapLink}
<p><a href="${escapeHtml(gameUrl)}" style="display:inline-block;background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Ver o jogo</a></p>`,
    input.publicUrl,
  );
  return { to: input.to, subject: input.subject, text, html, publicUrl: input.publicUrl };
}

/** http and https addresses in an aviso; anything else (javascript:, data:, mailto:) stays text. */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/**
 * An aviso's text as html (decision 077): every character escaped, each paragraph and line kept, and only http and
 * https addresses made links; the sender writes plain text, never markup.
 */
export function plainTextToHtml(text: string): string {
  const linked = (line: string) => {
    let html = '';
    let last = 0;
    for (const match of line.matchAll(WEB_ADDRESS)) {
      html += escapeHtml(line.slice(last, match.index));
      const url = escapeHtml(match[0]);
      html += `<a href="${url}" rel="noopener noreferrer">${url}</a>`;
      last = match.index + match[0].length;
    }
    return html + escapeHtml(line.slice(last));
  };
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(linked).join('<br>')}</p>`)
    .join('\n');
}

/** The line an aviso's e-mail opens with, naming its sender (a name slot: an erased sender's name leaves it). */
const avisoFrom = (senderName: string) => `Aviso de ${senderName}:`;

/** Where an aviso's e-mail leads: the game's page or the turma's. */
const avisoLinks = {
  game: { text: 'Veja o jogo', button: 'Ver o jogo' },
  group: { text: 'Veja a turma', button: 'Ver a turma' },
};

/**
 * An aviso to one person, from whoever runs a game (to its players) or a turma (to its members): the sender named, the
 * text as written, a link to the game's or the turma's page.
 */
export function avisoEmail(input: {
  to: string;
  name: string;
  subject: string;
  senderName: string;
  text: string;
  from: keyof typeof avisoLinks;
  path: string;
  publicUrl: string;
}): MailMessage {
  const url = `${input.publicUrl}${input.path}`;
  const link = avisoLinks[input.from];
  const opening = avisoFrom(input.senderName);
  const body = [`Olá, ${input.name}!`, '', opening, '', input.text, '', `${link.text}: ${url}`, '', 'Equipe Bora Jogar'];
  const html = layout(
    input.subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
<p>${escapeHtml(opening)}</p>
<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #f5b700;background:#fffbea">${plainTextToHtml(input.text)}</blockquote>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${link.button}</a></p>`,
    input.publicUrl,
  );
  return { to: input.to, subject: input.subject, text: body.join('\n'), html, publicUrl: input.publicUrl };
}

/** The sentence of an invitation up to the game's name: the one place an e-mail to one person names another. */
const invitedBy = (organiserName: string) => `${organiserName} convidou você para o jogo `;

/**
 * Where e-mails to one person carry another person's name (no subject does), each as the exact text around it in
 * the plain body and in the html body, escaped as the template escapes it. A slot begins where its line or paragraph
 * begins and ends with the words after the name, so a longer name ending the same way, the greeting (the recipient's
 * own name) and a game or place named after the person never match. Slot i of `nameSlots(other)` renames the person.
 */
export function nameSlots(name: string): { text: string; html: string }[] {
  return [invitedBy(name), ...Object.values(organiserNews).map((news) => news(name)), avisoFrom(name)].map((opening) => ({
    text: `\n${opening}`,
    html: `<p>${escapeHtml(opening)}`,
  }));
}

/** What an organiser's e-mail says of a new player, up to the game or series: a paragraph opening with the player's name. */
const organiserNews = {
  confirmed: (player: string) => `${player} se inscreveu em `,
  waitlist: (player: string) => `${player} entrou na lista de espera de `,
  member: (player: string) => `${player} virou mensalista de `,
};

/** To an organiser: a new player in one of their games (or series), with the link to it. */
export function organiserNewsEmail(input: {
  to: string;
  name: string;
  subject: string;
  news: keyof typeof organiserNews;
  player: string;
  /** The game with its date, or the series, as the sentence ends. */
  what: string;
  path: string;
  publicUrl: string;
}): MailMessage {
  const url = `${input.publicUrl}${input.path}`;
  const sentence = `${organiserNews[input.news](input.player)}${input.what}.`;
  const text = [`Olá, ${input.name}!`, '', sentence, '', `Veja: ${url}`, '', 'Equipe Bora Jogar'].join('\n');
  const html = layout(
    input.subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
<p>${escapeHtml(sentence)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Ver no Bora Jogar</a></p>`,
    input.publicUrl,
  );
  return { to: input.to, subject: input.subject, text, html, publicUrl: input.publicUrl };
}

/** An organiser's invitation to a (private) game, with its link; the invitee may not have an account yet. */
export function gameInvitationEmail(input: {
  to: string;
  /** The invitee's name when they have an account. */
  name: string | null;
  organiserName: string;
  gameName: string;
  when: string;
  location: string;
  link: string;
  publicUrl: string;
}): MailMessage {
  const subject = `Convite para o jogo ${input.gameName}`;
  const greeting = input.name ? `Olá, ${input.name}!` : 'Olá!';
  const invite = `${invitedBy(input.organiserName)}${input.gameName}, em ${input.when}, no local ${input.location}.`;
  const text = [greeting, '', invite, '', `Veja o jogo e faça sua inscrição: ${input.link}`, '', 'Equipe Bora Jogar'].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(invite)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Ver o jogo</a></p>`,
    input.publicUrl,
    'Você recebeu este e-mail porque um organizador do Bora Jogar convidou este endereço para um jogo. Não responda a esta mensagem.',
  );
  return { to: input.to, subject, text, html, publicUrl: input.publicUrl };
}

/**
 * A short notice about the account with a link into the app (`linkPath`). `ofAKind`: it tells of something that happened
 * in the product (a payout paid), so it follows the person's e-mail preference of the notification just recorded;
 * without it (a changed payout key, a security notice) it always goes.
 */
export function accountNoticeEmail(input: {
  to: string;
  name: string;
  subject: string;
  paragraphs: string[];
  linkPath: string;
  linkLabel: string;
  publicUrl: string;
  ofAKind: boolean;
}): MailMessage {
  const url = `${input.publicUrl}${input.linkPath}`;
  const text = [
    `Olá, ${input.name}!`,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    `${input.linkLabel}: ${url}`,
    '',
    'Equipe Bora Jogar',
  ].join('\n');
  const html = layout(
    input.subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(input.linkLabel)}</a></p>`,
    input.publicUrl,
  );
  return { to: input.to, subject: input.subject, text, html, ...(input.ofAKind && { publicUrl: input.publicUrl }) };
}

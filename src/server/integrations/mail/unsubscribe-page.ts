import { escapeHtml } from '../../lib/html';
import { layout } from './templates';

/**
 * The page behind an e-mail's unsubscribe link, in the e-mails' frame: the question with its button (a GET changes
 * nothing: mail scanners open links), what was done after the POST, or why the link cannot be used. The form posts
 * `List-Unsubscribe=One-Click` to the same address, as a mail program's one-click does (RFC 8058).
 */
export function unsubscribePage(
  input:
    | { state: 'confirm'; kindLabel: string; actionUrl: string; publicUrl: string }
    | { state: 'done' | 'error'; message: string; publicUrl: string },
): string {
  const settingsUrl = `${input.publicUrl}/profile`;
  const settingsLink = `<p><a href="${escapeHtml(settingsUrl)}">Escolher o que recebo por e-mail e no celular</a></p>`;
  if (input.state === 'confirm') {
    const title = `Deixar de receber e-mails de ${input.kindLabel}?`;
    return layout(
      title,
      `<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>Os avisos continuam no app e, se você ativou, no celular. Você pode ligar os e-mails de novo quando quiser.</p>
<form method="post" action="${escapeHtml(input.actionUrl)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="min-height:44px;background:#0b4f8a;color:#ffffff;border:0;padding:12px 20px;border-radius:8px;font-size:16px;cursor:pointer">Não quero mais esses e-mails</button>
</form>
${settingsLink}`,
      input.publicUrl,
    );
  }
  const title = input.state === 'done' ? 'E-mails desligados' : 'Link inválido';
  return layout(
    title,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>\n<p>${escapeHtml(input.message)}</p>\n${settingsLink}`,
    input.publicUrl,
  );
}

import { expect } from '@playwright/test';
import { E2E_MAIL_PORT } from './ports';

type CapturedMail = { to: string[]; raw: string };

/** Decodes quoted-printable soft breaks and escapes enough to read a code out of a message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the newest e-mail to `to` and returns the 6-digit reset code in it. */
export async function readResetCode(to: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/mails?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as CapturedMail[];
        if (mails.length <= after) return undefined;
        // The text part reads "Seu código de verificação é: 123456".
        code = /:\s(\d{6})\b/.exec(decodeQuotedPrintable(mails[mails.length - 1]!.raw))?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

export async function mailCount(to: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/mails?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as CapturedMail[]).length;
}

/** A message's parts as text: base64 and quoted-printable parts decoded as UTF-8, the headers as they came. */
function readableMail(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return `${head}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
      }
      return part;
    })
    .join('\n');
}

/** Every e-mail to `to` so far, each as readable text (see readableMail). */
export async function mailsTo(to: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/mails?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as CapturedMail[]).map((mail) => readableMail(mail.raw));
}

import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** Envelope recipients (RCPT TO). */
  recipients: string[];
  headers: Record<string, string>;
  subject: string;
  text: string | undefined;
  html: string | undefined;
  raw: string;
  receivedAt: string;
};

/**
 * A real SMTP server on 127.0.0.1 (on `port`, a random one by default) that keeps every message it receives. After
 * `refuseNext(n)` it reads the next n messages whole, keeps them in `refused`, and answers each with a temporary
 * failure (451), as a server does that fails after the data has come.
 */
export async function startSmtpInbox(options: { port?: number } = {}) {
  const messages: ReceivedMail[] = [];
  const refused: ReceivedMail[] = [];
  let toRefuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          ...parseMessage(raw),
          recipients: session.envelope.rcptTo.map((r) => r.address),
          raw,
          receivedAt: new Date().toISOString(),
        };
        if (toRefuse > 0) {
          toRefuse -= 1;
          refused.push(mail);
          callback(Object.assign(new Error('Falha temporária: tente de novo'), { responseCode: 451 }));
          return;
        }
        messages.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    refuseNext(count: number) {
      toRefuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;

/** An SMTP server that accepts connections and never says a word: not even the greeting. Counts the connections. */
export async function startSilentSmtp() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    /** Connections still open: the client closes its own when it gives up. */
    open: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// A small MIME reader, enough for what nodemailer writes: headers, multipart/alternative,
// quoted-printable or base64 bodies, RFC 2047 encoded words in headers.

function splitHeadersAndBody(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/%/g, '%25')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes);
  } catch {
    return bytes;
  }
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, transferEncoding: string | undefined): string {
  switch (transferEncoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function parseMessage(raw: string): Omit<ReceivedMail, 'recipients' | 'raw' | 'receivedAt'> {
  const { headers, body } = splitHeadersAndBody(raw);
  const result = {
    headers,
    subject: decodeEncodedWords(headers.subject ?? ''),
    text: undefined as string | undefined,
    html: undefined as string | undefined,
  };

  function visit(partHeaders: Record<string, string>, partBody: string) {
    const contentType = partHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (/^multipart\//i.test(contentType) && boundary) {
      const parts = partBody.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        const parsed = splitHeadersAndBody(part.replace(/^\r?\n/, ''));
        visit(parsed.headers, parsed.body);
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders['content-transfer-encoding']);
    if (/^text\/html/i.test(contentType)) result.html ??= decoded;
    else if (/^text\/plain/i.test(contentType)) result.text ??= decoded;
  }

  visit(headers, body);
  return result;
}

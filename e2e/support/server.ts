// The server the browser journeys run against: the real app on a fresh in-memory database with
// demo data, delivering mail to a real SMTP server started here, whose messages tests read over HTTP.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/server';
import { E2E_APP_PORT, E2E_MAIL_PORT, E2E_SMTP_PORT } from './ports';

type CapturedMail = { to: string[]; raw: string; receivedAt: string };
const mails: CapturedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
  })
  .listen(E2E_MAIL_PORT, '127.0.0.1');

const config = loadConfig({
  ...process.env,
  PORT: String(E2E_APP_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${E2E_APP_PORT}`,
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  SEED_DEMO: 'on',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
});
await startServer(config, { inMemory: true });

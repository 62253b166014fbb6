import { importJWK, jwtVerify } from 'jose';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** http_ece ships no types: the one function used, as its source has it. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
};

export type ReceivedPush = {
  /** Which subscription (the last segment of its endpoint). */
  subscriptionId: string;
  /** The decrypted payload, parsed. */
  message: { title: string; body: string; url: string; tag: string };
  /** The VAPID public key the request named (`k=`), whose signature was checked. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
  urgency: string | undefined;
  /** When the service accepted it (ms since the epoch). */
  receivedAt: number;
};

/** A browser's subscription on this service: what the browser gives the server, and the private key it keeps. */
export type FakeSubscription = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * A push service (RFC 8030) on 127.0.0.1 standing in for the browsers' ones, as strict as they are: every push must
 * carry a VAPID token (RFC 8292) that verifies as ES256 with the key it names, for this service's origin and not yet
 * expired, and a body in aes128gcm (RFC 8188) that decrypts with the subscription's private key and auth secret (RFC
 * 8291). What passes is kept in `received`; what does not, in `rejected` (answered 400/401). A subscription can be
 * told to answer with another status (404, 410, 500…).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const rejected: { subscriptionId: string; reason: string }[] = [];
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string; status: number }>();

  async function accept(request: http.IncomingMessage, body: Buffer, origin: string): Promise<{ status: number; reason?: string }> {
    const id = request.url?.split('/').pop() ?? '';
    const subscription = subscriptions.get(id);
    if (!subscription) return { status: 404, reason: 'assinatura desconhecida' };
    const authorization = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
    if (!authorization) return { status: 401, reason: `sem VAPID: ${request.headers.authorization}` };
    const [, token, vapidKey] = authorization;
    const point = Buffer.from(vapidKey!, 'base64url');
    let claims: ReceivedPush['claims'];
    try {
      const key = await importJWK(
        { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
        'ES256',
      );
      const { payload } = await jwtVerify(token!, key, { algorithms: ['ES256'], audience: origin, requiredClaims: ['exp', 'sub'] });
      claims = payload as ReceivedPush['claims'];
    } catch (error) {
      return { status: 401, reason: `VAPID inválido: ${(error as Error).message}` };
    }
    if (claims.exp > Date.now() / 1000 + 24 * 60 * 60) return { status: 401, reason: 'VAPID com validade além de 24 h' };
    if (request.headers['content-encoding'] !== 'aes128gcm')
      return { status: 400, reason: `codificação ${request.headers['content-encoding']}` };
    let message: ReceivedPush['message'];
    try {
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth });
      message = JSON.parse(plain.toString('utf8')) as ReceivedPush['message'];
    } catch (error) {
      return { status: 400, reason: `não decifrou: ${(error as Error).message}` };
    }
    if (subscription.status >= 200 && subscription.status < 300) {
      received.push({
        subscriptionId: id,
        message,
        vapidKey: vapidKey!,
        claims,
        ttl: request.headers.ttl as string | undefined,
        urgency: request.headers.urgency as string | undefined,
        receivedAt: Date.now(),
      });
    }
    return { status: subscription.status };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void accept(request, Buffer.concat(chunks), `http://${request.headers.host}`).then(({ status, reason }) => {
        if (reason) rejected.push({ subscriptionId: request.url?.split('/').pop() ?? '', reason });
        response.writeHead(status).end(reason ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    received,
    rejected,
    /** A new browser's subscription, as `PushSubscription.toJSON()` gives it (without `expirationTime`). */
    subscribe(): FakeSubscription {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      subscriptions.set(id, { ecdh, auth, status: 201 });
      return { id, endpoint: `${url}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
    },
    /** From now on the subscription's pushes are answered with `status` (404 or 410: it has ended). */
    answer(subscription: FakeSubscription, status: number) {
      subscriptions.get(subscription.id)!.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startPushService>>;

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import webpush from 'web-push';
import { describeError } from '../../lib/logger';
import { PUSH_ATTEMPT_MS, PUSH_REQUEST_TIMEOUT_MS } from '../delivery-deadlines';
import { checkPushEndpoint, type PushTarget, type ResolveHost } from './endpoint-safety';
import type { VapidKeys } from './vapid-keys';

export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

/** What the service worker shows: a title, a text and the page to open. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

export type PushOutcome =
  | { kind: 'sent' }
  /** The push service says the subscription has ended (404, 410): it is to be removed. */
  | { kind: 'gone'; status: number }
  /** The endpoint now leads somewhere the server must not post: the subscription is to be removed. */
  | { kind: 'unsafe'; cause: string }
  /** A fault that may pass (network, DNS, 429, 5xx): try again later. `error` is what was thrown, if anything. */
  | { kind: 'retry'; cause: string; error?: unknown }
  /** Refused for good (another 4xx): trying again would be refused again. */
  | { kind: 'failed'; cause: string; error?: unknown };

/** How long the push service keeps a push for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
/** The answer's body is read for the log only. */
const MAX_ANSWER_BYTES = 2048;

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** A lookup that answers with the address already checked, whatever the name resolves to now. */
function pinnedLookup(target: PushTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function post(target: PushTarget, details: webpush.RequestDetails, signal: AbortSignal): Promise<{ status: number; body: string }> {
  const { url } = target;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isHttps = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (isHttps ? https : http).request(
      {
        method: details.method,
        hostname: host,
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers: details.headers as http.OutgoingHttpHeaders,
        agent: isHttps ? agents.https : agents.http,
        lookup: pinnedLookup(target),
        // The certificate is checked against the name, while the connection goes to the address checked.
        ...(isHttps && !isIP(host) ? { servername: host } : {}),
        // A quiet socket ends the request; the attempt's deadline ends it however slowly the service answers.
        timeout: PUSH_REQUEST_TIMEOUT_MS,
        signal,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < MAX_ANSWER_BYTES) body += chunk.slice(0, MAX_ANSWER_BYTES - body.length);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`sem resposta do serviço de push em ${PUSH_REQUEST_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

/**
 * Sends one push (RFC 8030) encrypted for the subscription's keys (RFC 8291, aes128gcm) and signed with the VAPID
 * pair (RFC 8292), both by web-push's `generateRequestDetails`. The request itself is made here rather than by
 * `sendNotification` so that it connects to the address `checkPushEndpoint` has just found public, and can use http
 * towards the tests' loopback service. Never throws: the outcome says what the delivery should do next.
 */
export async function sendPush(input: {
  subscription: PushSubscriptionKeys;
  message: PushMessage;
  vapid: VapidKeys & { subject: string };
  allowLoopback: boolean;
  urgency: webpush.Urgency;
  resolve?: ResolveHost;
  /** Ends the attempt (PUSH_ATTEMPT_MS from the call unless given): the claim on the row outlasts it. */
  signal?: AbortSignal;
}): Promise<PushOutcome> {
  const signal = input.signal ?? AbortSignal.timeout(PUSH_ATTEMPT_MS);
  const check = await checkPushEndpoint(input.subscription.endpoint, { allowLoopback: input.allowLoopback, resolve: input.resolve });
  if (!check.ok) return check.reason === 'refused' ? { kind: 'unsafe', cause: check.message } : { kind: 'retry', cause: check.message };
  // The address took the whole attempt to find: nothing is sent now, the claim may be about to lapse.
  if (signal.aborted) return { kind: 'retry', cause: describeError(signal.reason), error: signal.reason };
  let details: webpush.RequestDetails;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: input.subscription.endpoint, keys: { p256dh: input.subscription.p256dh, auth: input.subscription.auth } },
      JSON.stringify(input.message),
      { vapidDetails: input.vapid, TTL: TTL_SECONDS, urgency: input.urgency, contentEncoding: 'aes128gcm' },
    );
  } catch (error) {
    // Keys the encryption cannot use: no later try can do better.
    return { kind: 'failed', cause: describeError(error), error };
  }
  try {
    const answer = await post(check.target, details, signal);
    if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
    if (answer.status === 404 || answer.status === 410) return { kind: 'gone', status: answer.status };
    const cause = `HTTP ${answer.status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''}`;
    return answer.status === 429 || answer.status >= 500 ? { kind: 'retry', cause } : { kind: 'failed', cause };
  } catch (error) {
    return { kind: 'retry', cause: describeError(error), error };
  }
}

import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * Pages get a CSP allowing only the app itself plus Google's sign-in script and frame, no framing, no referrer
 * to other sites (a private game's link is in its URL) and helmet's other document headers. The API's answers
 * (JSON, calendars, spreadsheets: never a document that runs anything) get what OWASP's REST cheat sheet asks
 * of an API: a CSP that allows nothing, no framing, no sniffing, no reading from other sites. HSTS for a year
 * on both when served over https. The API's documentation (`/api/docs`) is a page. Returns the headers an address gets,
 * for the answers no hook runs for (the router's refusals).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isHttps: boolean },
): Promise<(url: string) => Record<string, string>> {
  const pageHeaders = await helmetHeaders(helmetOptions(options));
  const apiHeaders = Object.fromEntries([
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'same-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ...Object.entries(pageHeaders).filter(([name]) => name === 'strict-transport-security'),
  ]);
  // Given to the reply, which writes them with its own in one go: set on the raw response (as helmet does), each
  // header is checked twice and makes Node check every other header of the answer again (decision 034).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? apiHeaders : pageHeaders);
    done();
  });
  return (url) => (isApi(url) ? apiHeaders : pageHeaders);
}

const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The headers helmet sets for these options. They depend on nothing in the request (no CSP nonces), but the
 * plugin works them out again for every request, which costs a tenth of a small answer: asked once, from a
 * throwaway instance, at start.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => 'ok');
  const [plain, secured] = await Promise.all([bareHeaders(), probe.inject({ method: 'GET', url: '/' })]);
  await probe.close();
  return Object.fromEntries(
    Object.entries(secured.headers)
      .filter(([name]) => !(name in plain))
      .map(([name, value]) => [name, String(value)]),
  );
}

/** What any answer carries without helmet (content type and length, date, connection). */
async function bareHeaders() {
  const probe = Fastify();
  probe.get('/', async () => 'ok');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return res.headers;
}

function helmetOptions(options: { isHttps: boolean }): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `${GOOGLE_SIGN_IN}client`],
        styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE_SIGN_IN}style`],
        imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", GOOGLE_SIGN_IN],
        // Google's sign-in frame, and the embedded map on a game's page.
        frameSrc: [GOOGLE_SIGN_IN, 'https://maps.google.com', 'https://www.google.com'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.isHttps ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  };
}

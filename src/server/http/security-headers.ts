import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * CSP allowing only the app itself plus Google's sign-in script and frame; no framing of the app; no
 * referrer to other sites (a private game's link is in its URL); HSTS for a year when served over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { isHttps: boolean }): Promise<void> {
  await app.register(helmet, {
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
  });
}

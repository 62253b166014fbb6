import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/** CSP allowing only the app itself plus Google's sign-in script and frame; no framing of the app. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
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
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
  });
}

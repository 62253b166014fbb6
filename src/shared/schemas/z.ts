import { z } from 'zod';

// Zod's own messages (wrong type, too long…) in Portuguese wherever a schema gives none.
z.config(z.locales.pt());

// In the browser zod must not compile parsers: the CSP has no 'unsafe-eval', and even zod's probe for
// it (a caught `new Function`) is reported as a violation. Set before any schema is built; the
// server keeps the compiled fast path.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

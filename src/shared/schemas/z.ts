import { z } from 'zod';

// Zod's own messages (wrong type, too long…) in Portuguese wherever a schema gives none.
z.config(z.locales.pt());

export { z };

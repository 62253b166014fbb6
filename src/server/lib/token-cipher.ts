import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A sealed text that cannot be opened: another key, another row's text, or altered. */
export class TokenCipherError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TokenCipherError';
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * AES-256-GCM of short secrets kept in the database (organisers' provider tokens, decision 082): `v1.iv.tag.text`,
 * each part base64url, a fresh 12-byte IV per seal. `context` (the row and field it belongs to) is authenticated
 * with it, so a sealed text copied to another row or field does not open.
 */
export function createTokenCipher(key: Buffer) {
  if (key.length !== 32) throw new RangeError('the token key must be 32 bytes');
  return {
    seal(plain: string, context: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), text]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    open(sealed: string, context: string): string {
      const [version, iv, tag, text, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || text === undefined || rest.length > 0) {
        throw new TokenCipherError('token guardado num formato desconhecido');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
      } catch (error) {
        throw new TokenCipherError(
          'não foi possível decifrar o token guardado: PAYMENT_ACCOUNTS_KEY não é a chave com que ele foi cifrado',
          {
            cause: error,
          },
        );
      }
    },
  };
}

export type TokenCipher = ReturnType<typeof createTokenCipher>;

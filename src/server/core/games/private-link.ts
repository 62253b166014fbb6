import { randomBytes } from 'node:crypto';

/** 192 random bits, URL-safe: a private game's link cannot be guessed. */
export function generatePrivateLink(): string {
  return randomBytes(24).toString('base64url');
}

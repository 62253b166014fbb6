import { z } from './z';

/** base64url (RFC 4648 §5) as browsers write push keys: no padding, though some add it. */
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** How many bytes a base64url text holds, or -1 when it is not base64url. */
export function base64urlByteLength(value: string): number {
  if (!BASE64URL.test(value)) return -1;
  const digits = value.replace(/=+$/, '').length;
  if (digits % 4 === 1) return -1;
  return Math.floor((digits * 3) / 4);
}

export const P256DH_MESSAGE = 'A chave p256dh deve ser um ponto P-256 não comprimido: 65 bytes em base64url.';
export const AUTH_MESSAGE = 'A chave auth deve ter 16 bytes em base64url.';

const endpointSchema = z
  .url({ protocol: /^https?$/, error: 'O endereço de envio (endpoint) deve ser uma URL https://.' })
  .max(2048, 'O endereço de envio (endpoint) pode ter no máximo 2048 caracteres.');

/**
 * The browser's PushSubscription as `toJSON()` writes it. The public key is an uncompressed P-256 point (65 bytes,
 * starting 0x04) and the auth secret 16 bytes (RFC 8291); whether the point is on the curve and the endpoint is one
 * the server may call are checked by the use case.
 */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional().describe('Ignorado: a assinatura vale até o serviço de push dizer que acabou'),
  keys: z.strictObject({
    p256dh: z
      .string({ error: P256DH_MESSAGE })
      .refine((value) => base64urlByteLength(value) === 65 && value.startsWith('B'), P256DH_MESSAGE),
    auth: z.string({ error: AUTH_MESSAGE }).refine((value) => base64urlByteLength(value) === 16, AUTH_MESSAGE),
  }),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBodySchema>;

/** Turning push off on one device: the endpoint its browser gave. */
export const removePushSubscriptionBodySchema = z.strictObject({ endpoint: z.string().min(1).max(2048) });
export type RemovePushSubscriptionBody = z.input<typeof removePushSubscriptionBodySchema>;

/** The application server key (VAPID) the browser subscribes with (`applicationServerKey`). */
export const pushPublicKeyReplySchema = z.object({ publicKey: z.string().describe('Chave pública VAPID em base64url (65 bytes)') });
export type PushPublicKeyReply = z.infer<typeof pushPublicKeyReplySchema>;

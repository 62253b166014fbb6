import { hash, verify } from '@node-rs/argon2';

/** OWASP's current minimum for argon2id: 19 MiB of memory, 2 iterations, 1 lane. */
const OPTIONS = {
  // 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// A real hash to verify against when there is no account, so both paths take the same time.
const decoyHash = hashPassword('bora-jogar-decoy-password');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await decoyHash), password);
  } catch {
    return false;
  }
}

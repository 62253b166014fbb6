import net from 'node:net';

/** A TCP port nothing listens on now, for a server (or a fake, or a throwaway database) of the test's own. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Asks `probe` until it gives a value (a throw counts as no value yet), for at most `timeoutMs`. */
export async function waitUntil<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`tempo esgotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

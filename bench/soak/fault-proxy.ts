// A TCP proxy on 127.0.0.1 in front of one of the soak's fakes (SMTP, the push service, Stripe, Mercado Pago), set to
// fail in the ways a real service does: down (connections refused: nothing listens), slow (every chunk held back),
// hanging (connections accepted, never answered) or, for HTTP services, answering 500.
import net from 'node:net';

export type ProxyMode = 'up' | 'down' | 'slow' | 'hang' | 'error500';

export type FaultProxy = {
  port: number;
  url(scheme: string): string;
  mode(): ProxyMode;
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
};

const SLOW_CHUNK_MS = 1_500;

export async function startFaultProxy(target: number): Promise<FaultProxy> {
  let mode: ProxyMode = 'up';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === 'hang') return;
    if (mode === 'error500') {
      client.once('data', () =>
        client.end(
          'HTTP/1.1 500 Internal Server Error\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}',
        ),
      );
      return;
    }
    const upstream = net.connect(target, '127.0.0.1');
    track(upstream);
    const pipe = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk: Buffer) => {
        if (mode !== 'slow') {
          to.write(chunk);
          return;
        }
        from.pause();
        setTimeout(() => {
          to.write(chunk);
          from.resume();
        }, SLOW_CHUNK_MS);
      });
      from.on('end', () => to.end());
      from.on('close', () => to.destroy());
    };
    pipe(client, upstream);
    pipe(upstream, client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;

  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  return {
    port,
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    mode: () => mode,
    async set(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'down') {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          dropAll();
        });
      } else if (previous === 'down') {
        await listen(port);
      } else if (previous === 'hang') {
        // Hanging connections end as a restarted service's would: closed.
        dropAll();
      }
    },
    async close() {
      mode = 'down';
      dropAll();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';

/** A connection with no request for this long while draining is closed: its client has stopped, not paused. */
export const DRAIN_IDLE_MS = 1000;
const SWEEP_MS = 100;

type Connection = { active: number; lastActivity: number };

/**
 * A stop that resets no connection and leaves no request unanswered. Closing a keep-alive connection that looks
 * idle races its client, which may be sending the next request at that moment: the request is lost ("other side
 * closed") or meets a reset. So, once the instance starts closing:
 * - the listener closes at once (a new connection is refused, the proxy's cue to go elsewhere), but Node's own
 *   closing of every idle connection is replaced by a sweep that closes only those with no request and no byte
 *   received for DRAIN_IDLE_MS;
 * - every reply sent after the listener closed carries `Connection: close`: a busy client gets its answer, and its
 *   next request opens a new connection, which is refused.
 * Replies sent before the listener closes stay keep-alive, so clients are not sent to reconnect into a listener
 * about to close (a connection waiting to be accepted when it closes is reset by the kernel).
 */
export function registerGracefulDrain(app: FastifyInstance): { isDraining(): boolean; closesConnections(): boolean } {
  const server = app.server;
  const connections = new Map<Socket, Connection>();
  let isDraining = false;
  let sweep: NodeJS.Timeout | undefined;

  server.on('connection', (socket: Socket) => {
    const connection = { active: 0, lastActivity: Date.now() };
    connections.set(socket, connection);
    if (isDraining) watchBytes(socket, connection);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: { socket: Socket }, response: { once(event: 'close', listener: () => void): void }) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.active++;
    response.once('close', () => {
      connection.active--;
      connection.lastActivity = Date.now();
    });
  });

  /** While draining, bytes of a request not yet parsed count as activity: that connection is about to be busy. */
  function watchBytes(socket: Socket, connection: Connection) {
    socket.on('data', () => {
      connection.lastActivity = Date.now();
    });
  }

  function closeQuietConnections() {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.active === 0 && now - connection.lastActivity >= DRAIN_IDLE_MS) socket.end();
    }
    if (connections.size === 0) clearInterval(sweep);
  }

  // Node calls this when the server closes (http.Server#close): instead of closing every idle connection at once,
  // close the quiet ones, now and until none is left.
  server.closeIdleConnections = () => {
    if (sweep) return;
    isDraining = true;
    for (const [socket, connection] of connections) watchBytes(socket, connection);
    sweep = setInterval(closeQuietConnections, SWEEP_MS);
    sweep.unref();
  };

  app.addHook('preClose', async () => {
    isDraining = true;
  });
  app.addHook('onClose', async () => clearInterval(sweep));

  return {
    isDraining: () => isDraining,
    /** Whether a reply sent now should close its connection (the app's onSend hook asks). */
    closesConnections: () => isDraining && !server.listening,
  };
}

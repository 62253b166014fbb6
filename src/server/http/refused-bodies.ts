import type { FastifyInstance } from 'fastify';
import { Socket } from 'node:net';

/**
 * How long a refused body is still read (and dropped) after its reply: a client that is still sending one (a body
 * over the limit, a 413 sent while it arrives) reads the reply as long as it is sending for less than this.
 */
export const REFUSED_BODY_DRAIN_MS = 10_000;

/**
 * A reply sent before its request's body has all arrived (the 413 of a body over the limit, above all) keeps the
 * connection open and lets Node read the rest of the body and drop it, for REFUSED_BODY_DRAIN_MS at most; then, if
 * the body is still coming, the connection is closed. Fastify closes such a connection at once (`Connection: close`),
 * and a close with unread bytes is a TCP reset that throws away the reply before a client still writing can read it:
 * a raw 1.5 MB POST read no reply at all, `fetch` with 3 MB got EPIPE (issue 40). Dropping the rest costs no memory.
 */
export function registerRefusedBodyDrain(app: FastifyInstance, drainMs = REFUSED_BODY_DRAIN_MS): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    const socket = raw.socket;
    // (An injected request's socket is a stand-in: nothing to keep open or to close.)
    if (!raw.complete && socket instanceof Socket) {
      if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
      const timer = setTimeout(() => socket.destroy(), drainMs);
      timer.unref();
      const stop = () => {
        clearTimeout(timer);
        socket.removeListener('close', stop);
      };
      raw.once('end', stop);
      socket.once('close', stop);
    }
    done(null, payload);
  });
}

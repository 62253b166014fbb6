import type { FastifyBaseLogger } from 'fastify';

/** The slice of a logger the server's own modules use (Fastify's pino logger fits it). */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

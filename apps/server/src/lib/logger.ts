import type { FastifyBaseLogger } from 'fastify';

/** The logging a service needs; Fastify's logger (pino) fits, and so does `silentLogger`. */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const ignore = () => undefined;

/** Drops everything (command-line tools that print their own output). */
export const silentLogger: Logger = { info: ignore, warn: ignore, error: ignore };

// Starts the HTTP server on a port and resolves once it listens (port 0 picks a free one, for tests).
import { type AddressInfo, createServer } from 'node:net';
import { serve } from '@hono/node-server';
import type { Env, Hono } from 'hono';

export interface Running {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/**
 * Listens with the Hono app.
 * @param app - The application.
 * @param port - The port (0 for any free port).
 * @param host - The interface to bind.
 * @returns The URL and a close function.
 */
export function listen<E extends Env>(app: Hono<E>, port: number, host = '127.0.0.1'): Promise<Running> {
  return new Promise((resolveRunning, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      resolveRunning({
        url: `http://localhost:${info.port}`,
        port: info.port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
    server.on('error', reject);
  });
}

/** A loopback port the OS says is free right now (for tests and benchmarks that need the URL before listening). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
    srv.on('error', reject);
  });
}

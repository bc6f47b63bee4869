// A local HTTP server for tests: answers with a script and records each request (path, query, headers, arrival time).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

export type Script = (req: RecordedRequest, res: ServerResponse) => unknown;

export interface ScriptedServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  requests: RecordedRequest[];
  /** Replaces the script (e.g. between tests). */
  setScript(script: Script): void;
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 with an ephemeral port. Tests only: close it in afterAll.
 * @param script - Writes the answer for each request.
 * @returns The running server.
 */
export async function startScriptedServer(script: Script): Promise<ScriptedServer> {
  let current = script;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at,
      };
      requests.push(recorded);
      Promise.resolve(current(recorded, res)).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setScript(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes a JSON answer.
 * @param res - The response.
 * @param status - HTTP status.
 * @param body - Serialized as JSON.
 * @param headers - Extra headers.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A 127.0.0.1 port nothing listens on (bound, then released), for "unreachable" tests.
 * @returns The port number.
 */
export async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// Serves the built SMART app (dist/app) with a Content-Security-Policy; no path ever leaves the app folder.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * The CSP of the app pages. `connect-src` must reach the EHR's FHIR server, whose origin is only known at launch.
 * @param connectSrc - Sources allowed for fetch/XHR (ONCOAGENT_CSP_CONNECT).
 * @returns The header value.
 */
export function contentSecurityPolicy(connectSrc: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    'frame-ancestors *',
  ].join('; ');
}

/**
 * Serves one file of the app, or undefined when there is none at that path.
 * @param c - The Hono context.
 * @param root - Absolute path of the built app.
 * @param csp - The CSP header value.
 * @returns The response or undefined.
 */
export async function serveApp(c: Context, root: string, csp: string): Promise<Response | undefined> {
  const pathname = decodeURIComponent(new URL(c.req.url).pathname);
  const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
  if (!file.startsWith(root + sep)) return undefined;
  try {
    if (!(await stat(file)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' };
  if (type.startsWith('text/html')) {
    headers['Content-Security-Policy'] = csp;
    headers['Cache-Control'] = 'no-cache';
  } else if (pathname.startsWith('/assets/')) {
    headers['Cache-Control'] = 'public, max-age=31536000, immutable';
  }
  return c.body(await readFile(file), 200, headers);
}

// The API never loads the development EHR: no module of server/http imports server/sandbox (the CLI and the tests
// compose it and hand it over as a mount), and a mount is served, redirected to and error-handled like the API.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { createApp, DEFAULT_APP_DIR } from './app';

const HTTP = import.meta.dirname;
const SANDBOX = resolve(HTTP, '../sandbox');

/** Every module of server/http that is not a test, recursively. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The specifiers a module imports or re-exports, static or dynamic. */
function specifiers(source: string): string[] {
  const pattern = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((m) => m[1]!);
}

/** The imports of a module (at `file`) that reach into server/sandbox. */
function sandboxImports(file: string, source: string): string[] {
  return specifiers(source).filter((spec) => {
    if (!spec.startsWith('.')) return false;
    const target = resolve(dirname(file), spec);
    return target === SANDBOX || target.startsWith(SANDBOX + sep);
  });
}

describe('server/http imports', () => {
  it('reads every module with its imports (the check below is not vacuous)', () => {
    const files = modules(HTTP).map((f) => relative(HTTP, f));
    expect(files).toEqual(expect.arrayContaining(['app.ts', 'problem.ts', join('auth', 'verifier.ts')]));
    const app = join(HTTP, 'app.ts');
    expect(specifiers(readFileSync(app, 'utf8'))).toEqual(expect.arrayContaining(['./api-guard', 'hono']));
    expect(
      sandboxImports(app, "import { createSandbox } from '../sandbox';\nawait import('../sandbox/demo');")
    ).toEqual(['../sandbox', '../sandbox/demo']);
  });

  it('has no import from server/sandbox outside tests', () => {
    const offending = modules(HTTP).flatMap((file) =>
      sandboxImports(file, readFileSync(file, 'utf8')).map((spec) => `${relative(HTTP, file)} → ${spec}`)
    );
    expect(offending).toEqual([]);
  });
});

describe('a mounted app', () => {
  it('is served at its path, is where / redirects, may be contacted for FHIR and shares the error handler', async () => {
    const routes = new Hono()
      .get('/', (c) => c.text('the EHR'))
      .get('/boom', () => {
        throw new Error('internal detail');
      });
    let closed = false;
    const mount = {
      path: '/ehr',
      routes,
      publicUrl: 'http://ehr.localhost:7000',
      close: async () => {
        closed = true;
      },
    };
    const config = loadConfig({});
    const base = {
      appDir: DEFAULT_APP_DIR,
      clientId: 'oncoagent',
      scope: 'patient/*.rs',
      cspConnect: "'self'",
      config,
    };
    const { app, fhirOrigins, close } = await createApp({ ...base, mount });
    const home = await app.request('/');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/ehr');
    expect(await (await app.request('/ehr')).text()).toBe('the EHR');
    expect(fhirOrigins.list()).toContain('http://ehr.localhost:7000');
    const log = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    const boom = await app.request('/ehr/boom');
    log.mockRestore();
    expect(boom.status).toBe(500);
    expect(JSON.stringify(await boom.json())).not.toContain('internal detail');
    await close();
    expect(closed).toBe(true);

    const alone = await createApp(base);
    expect((await alone.app.request('/')).headers.get('location')).toBe('/index.html');
    expect(alone.fhirOrigins.list()).not.toContain('http://ehr.localhost:7000');
    await alone.close();
  });
});

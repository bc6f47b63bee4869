// When the sandbox counts as reachable beyond this machine, and what it then refuses to start without.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CliError } from '../../commands/cli-error';
import { serveCommand } from '../../commands/serve';
import { exposedSandboxProblems, loadConfig } from '../../config';
import { isLoopbackHost, reachableBeyondLoopback } from './exposure';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('loopback detection', () => {
  it('knows loopback hosts and URLs', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', 'app.localhost']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'ehr.example.org', '', '127.0.0.1.example.org']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
    expect(reachableBeyondLoopback('127.0.0.1', 'http://localhost:8080')).toBe(false);
    expect(reachableBeyondLoopback('0.0.0.0', 'http://localhost:8080')).toBe(true);
    expect(reachableBeyondLoopback('127.0.0.1', 'https://ehr.example.org')).toBe(true);
  });
});

describe('configuration', () => {
  it('binds to loopback by default', () => {
    expect(loadConfig({}).server.host).toBe('127.0.0.1');
  });

  it('names each missing variable of an exposed sandbox', () => {
    const problems = exposedSandboxProblems(loadConfig({}).sandbox).join(' ');
    expect(problems).toContain('ONCOAGENT_SANDBOX_SECRET');
    expect(problems).toContain('ONCOAGENT_SANDBOX_USER');
    expect(problems).toContain('ONCOAGENT_SANDBOX_PASSWORD');
    const ok = loadConfig({
      ONCOAGENT_SANDBOX_SECRET: 'a-long-random-secret-value',
      ONCOAGENT_SANDBOX_USER: 'demo',
      ONCOAGENT_SANDBOX_PASSWORD: 'pw-for-demo',
    });
    expect(exposedSandboxProblems(ok.sandbox)).toEqual([]);
  });

  it('refuses to serve an exposed sandbox with the default secret or without a demo user', async () => {
    vi.stubEnv('ONCOAGENT_SANDBOX_SECRET', 'dev-secret');
    vi.stubEnv('ONCOAGENT_SANDBOX_USER', '');
    vi.stubEnv('ONCOAGENT_SANDBOX_PASSWORD', '');
    vi.stubEnv('ONCOAGENT_PUBLIC_URL', 'https://ehr.example.org');
    const err = await serveCommand({ sandbox: true, port: '0', seed: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as Error).message).toContain('ONCOAGENT_SANDBOX_SECRET');
    expect((err as Error).message).toContain('ONCOAGENT_SANDBOX_USER');
    vi.stubEnv('ONCOAGENT_PUBLIC_URL', undefined);
    const onAllInterfaces = await serveCommand({ sandbox: true, port: '0', host: '0.0.0.0', seed: [] }).catch(
      (e: unknown) => e
    );
    expect(onAllInterfaces).toBeInstanceOf(CliError);
  });
});

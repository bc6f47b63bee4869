// The environment parsed once: defaults, every documented variable mapped to its place, bad values refused by name
// with secrets never echoed, and a frozen result.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCOPE } from '../../common/smart/scopes';
import { ConfigError, loadConfig, offlineConfig } from './env';
import { DEFAULT_DATA_DIR, DEFAULT_KNOWLEDGE_DIR, DEFAULT_MODELS_DIR } from './paths';
import { EnvSchema, SECRET_VARIABLES } from './schema';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** Variable names in the README's "Configuration" section (up to the next `## ` heading). */
function documentedVariables(): string[] {
  const section = README.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const names = section.match(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+|PORT|HOST)`/g) ?? [];
  return [...new Set(names.map((n) => n.slice(1, -1)))];
}

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.server).toEqual({
      port: 8080,
      host: '127.0.0.1',
      clientId: 'oncoagent',
      scope: DEFAULT_SCOPE,
      cspConnect: "'self' https:",
      appOrigins: [],
      authTimeoutMs: 10_000,
    });
    expect(c.fhir).toEqual({ origins: [] });
    expect(c.sandbox).toMatchObject({ secret: 'dev-secret', tokenTtlSeconds: 3600, redirectOrigins: [] });
    expect(c.limits).toEqual({
      workups: { timeoutMs: 600_000, maxPerOwner: 3, maxRunning: 4, maxQueued: 16 },
      maxRounds: 4,
      maxCallsPerRound: 10,
    });
    expect(c.llm).toMatchObject({ mode: 'none', gpu: 'auto' });
    expect(c.rag).toEqual({
      offline: false,
      dataDir: DEFAULT_DATA_DIR,
      knowledgeDir: DEFAULT_KNOWLEDGE_DIR,
      evalDir: resolve(DEFAULT_KNOWLEDGE_DIR, 'eval'),
      cacheEntries: 512,
    });
    expect(c.tools).toMatchObject({
      modelsDir: DEFAULT_MODELS_DIR,
      oncokb: { baseUrl: 'https://www.oncokb.org/api/v1' },
      ncbi: { baseUrl: 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils' },
      offline: false,
      webSearch: { provider: 'off' },
      timeoutMs: 30_000,
    });
    expect(c.trace.dir).toBe(resolve(DEFAULT_DATA_DIR, 'traces'));
  });

  it('knows every variable the README documents', () => {
    const documented = documentedVariables();
    expect(documented.length).toBeGreaterThan(40);
    const known = Object.keys(EnvSchema.shape);
    expect(documented.filter((name) => !known.includes(name))).toEqual([]);
  });

  it('puts every variable in its place', () => {
    const c = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      ONCOAGENT_PUBLIC_URL: 'https://onco.example.org/',
      ONCOAGENT_CLIENT_ID: 'client-x',
      ONCOAGENT_SCOPE: 'launch patient/*.rs',
      ONCOAGENT_CSP_CONNECT: "'self' https://ehr.example.org",
      ONCOAGENT_FHIR_ORIGINS: 'https://ehr.example.org/fhir/R4, https://other.example.org:8443',
      ONCOAGENT_APP_ORIGINS: 'https://app.example.org',
      ONCOAGENT_AUTH_TIMEOUT_MS: '5000',
      ONCOAGENT_WORKUP_TIMEOUT_MS: '1000',
      ONCOAGENT_WORKUPS_PER_USER: '1',
      ONCOAGENT_WORKUPS_AT_ONCE: '2',
      ONCOAGENT_WORKUPS_QUEUED: '0',
      ONCOAGENT_DATA_DIR: '/data/onco',
      ONCOAGENT_FHIR_TOKEN: 'fhir-token',
      ONCOAGENT_CLIENT_SECRET: 'client-secret',
      ONCOAGENT_SANDBOX_SECRET: 'sandbox-secret',
      ONCOAGENT_SANDBOX_USER: 'demo',
      ONCOAGENT_SANDBOX_PASSWORD: 'pw',
      ONCOAGENT_SANDBOX_TOKEN_TTL: '60',
      ONCOAGENT_SANDBOX_REDIRECT_ORIGINS: 'https://a.example.org, https://b.example.org',
      ONCOAGENT_LLM: 'LOCAL',
      OPENAI_BASE_URL: 'http://llm.example.org/v1',
      OPENAI_API_KEY: 'key-1',
      ONCOAGENT_MODEL: 'm-1',
      ONCOAGENT_GGUF: '/models/m.gguf',
      ONCOAGENT_LLM_CONTEXT: '4096',
      ONCOAGENT_LLM_THREADS: '6',
      ONCOAGENT_LLM_GPU: 'CPU',
      ONCOAGENT_LLM_MAX_TOKENS: '512',
      ONCOAGENT_LLM_TIMEOUT_MS: '7000',
      ONCOAGENT_LLM_MAX_RETRIES: '0',
      ONCOAGENT_MAX_ROUNDS: '10',
      ONCOAGENT_VISION_MODEL: 'vision-1',
      ONCOAGENT_KNOWLEDGE_DIR: '/corpus',
      ONCOAGENT_RETRIEVAL_CACHE: '0',
      ONCOAGENT_EMBEDDING_MODEL: 'embed-1',
      ONCOAGENT_EMBEDDING_BASE_URL: 'http://embed.example.org/v1',
      ONCOAGENT_EMBEDDING_DIMENSIONS: '256',
      ONCOAGENT_RERANK_URL: 'http://rerank.example.org',
      ONCOAGENT_RERANK_MODEL: 'rerank-1',
      ONCOAGENT_RERANK_API_KEY: 'rerank-key',
      ONCOAGENT_RERANK_FORMAT: 'tei',
      ONCOAGENT_MODELS_DIR: '/models',
      ONCOKB_TOKEN: 'oncokb-token',
      ONCOKB_BASE_URL: 'https://oncokb.example.org/api/v1/',
      NCBI_EUTILS_BASE_URL: 'https://ncbi.example.org/eutils/',
      NCBI_API_KEY: 'ncbi-key',
      NCBI_EMAIL: 'me@example.org',
      ONCOAGENT_WEB_SEARCH: 'google',
      SEARXNG_URL: 'http://searx.example.org',
      GOOGLE_CSE_KEY: 'g-key',
      GOOGLE_CSE_ID: 'g-id',
      GOOGLE_CSE_BASE_URL: 'https://cse.example.org/v1',
      ONCOAGENT_TOOL_TIMEOUT_MS: '1234',
      ONCOAGENT_PACS_ORIGINS: 'https://pacs.example.org/, https://pacs2.example.org',
    });
    expect(c.server).toEqual({
      port: 9090,
      host: '0.0.0.0',
      publicUrl: 'https://onco.example.org/',
      clientId: 'client-x',
      scope: 'launch patient/*.rs',
      cspConnect: "'self' https://ehr.example.org",
      appOrigins: ['https://app.example.org'],
      authTimeoutMs: 5000,
    });
    expect(c.fhir).toEqual({
      origins: ['https://ehr.example.org', 'https://other.example.org:8443'],
      token: 'fhir-token',
      clientSecret: 'client-secret',
    });
    expect(c.sandbox).toEqual({
      secret: 'sandbox-secret',
      user: 'demo',
      password: 'pw',
      tokenTtlSeconds: 60,
      redirectOrigins: ['https://a.example.org', 'https://b.example.org'],
      keyDir: '/data/onco/sandbox',
    });
    expect(c.limits).toEqual({
      workups: { timeoutMs: 1000, maxPerOwner: 1, maxRunning: 2, maxQueued: 0 },
      maxRounds: 10,
      maxCallsPerRound: 10,
    });
    expect(c.llm).toEqual({
      mode: 'local',
      baseUrl: 'http://llm.example.org/v1',
      apiKey: 'key-1',
      model: 'm-1',
      gguf: '/models/m.gguf',
      contextSize: 4096,
      threads: 6,
      gpu: 'cpu',
      maxTokens: 512,
      timeoutMs: 7000,
      maxRetries: 0,
    });
    expect(c.rag).toEqual({
      offline: false,
      dataDir: resolve('/data/onco'),
      knowledgeDir: resolve('/corpus'),
      evalDir: resolve('/corpus/eval'),
      cacheEntries: 0,
      embedding: { baseUrl: 'http://embed.example.org/v1', apiKey: 'key-1', model: 'embed-1', dimensions: 256 },
      rerank: { url: 'http://rerank.example.org', model: 'rerank-1', apiKey: 'rerank-key', format: 'tei' },
    });
    expect(c.tools).toEqual({
      modelsDir: resolve('/models'),
      oncokb: { token: 'oncokb-token', baseUrl: 'https://oncokb.example.org/api/v1' },
      ncbi: { baseUrl: 'https://ncbi.example.org/eutils', apiKey: 'ncbi-key', email: 'me@example.org' },
      offline: false,
      webSearch: {
        provider: 'google',
        searxngUrl: 'http://searx.example.org',
        google: { key: 'g-key', cx: 'g-id', baseUrl: 'https://cse.example.org/v1' },
      },
      vision: { baseUrl: 'http://llm.example.org/v1', apiKey: 'key-1', model: 'vision-1' },
      timeoutMs: 1234,
      pacsOrigins: ['https://pacs.example.org', 'https://pacs2.example.org'],
    });
    expect(c.trace.dir).toBe(resolve('/data/onco/traces'));
  });

  it('turns the network and models off with ONCOAGENT_OFFLINE, and offlineConfig does so for any configuration', () => {
    const networked = {
      ONCOAGENT_EMBEDDING_MODEL: 'e',
      OPENAI_BASE_URL: 'http://llm.example.org/v1',
      ONCOAGENT_RERANK_URL: 'http://rerank.example.org',
    };
    const off = loadConfig({ ...networked, ONCOAGENT_OFFLINE: 'true' });
    expect(off.tools.offline).toBe(true);
    expect(off.rag).not.toHaveProperty('embedding');
    expect(off.rag).not.toHaveProperty('rerank');
    const on = loadConfig({ ...networked, ONCOAGENT_LLM: 'openai', ONCOAGENT_MODEL: 'm' });
    expect(on.rag.embedding?.model).toBe('e');
    const derived = offlineConfig(on);
    expect(derived.llm.mode).toBe('none');
    expect(derived.tools.offline).toBe(true);
    expect(derived.rag.offline).toBe(true);
    expect(derived.rag).not.toHaveProperty('embedding');
    expect(derived.rag).not.toHaveProperty('rerank');
    expect(on.llm.mode).toBe('openai');
  });

  it('ignores unknown variables and treats blank optional numbers as unset', () => {
    const c = loadConfig({
      PATH: '/usr/bin',
      SOMETHING_ELSE: 'x',
      ONCOAGENT_MAX_ROUNDS: '',
      ONCOAGENT_LLM_TIMEOUT_MS: ' ',
    });
    expect(c.limits.maxRounds).toBe(4);
    expect(c.llm.timeoutMs).toBeUndefined();
  });

  it('refuses bad values, naming every bad variable', () => {
    const err = errorOf({
      PORT: 'eighty',
      ONCOAGENT_PUBLIC_URL: 'not a url',
      ONCOAGENT_MAX_ROUNDS: '11',
      ONCOAGENT_LLM: 'gpt',
      ONCOAGENT_FHIR_ORIGINS: 'ftp://ehr.example.org',
      ONCOAGENT_LLM_TIMEOUT_MS: 'soon',
      ONCOAGENT_WEB_SEARCH: 'bing',
      HOST: '127.0.0.1',
    });
    const named = err.outcome.issue.map((i) => i.expression?.[0]);
    expect(named.sort()).toEqual(
      [
        'ONCOAGENT_FHIR_ORIGINS',
        'ONCOAGENT_LLM',
        'ONCOAGENT_LLM_TIMEOUT_MS',
        'ONCOAGENT_MAX_ROUNDS',
        'ONCOAGENT_PUBLIC_URL',
        'ONCOAGENT_WEB_SEARCH',
        'PORT',
      ].sort()
    );
    expect(err.message).toMatch(/^Bad configuration: /);
    expect(err.message).toContain('ONCOAGENT_MAX_ROUNDS must be at most 10');
    expect(err.message).toContain('ONCOAGENT_LLM must be none, openai or local');
    expect(err.outcome.issue.every((i) => i.code === 'invalid' && i.severity === 'error')).toBe(true);
  });

  it('never echoes a value, whatever variable it was put in', () => {
    const junk = 'sk-live-9f8e7d6c5b4a';
    const everything = Object.fromEntries(Object.keys(EnvSchema.shape).map((name) => [name, junk]));
    const err = errorOf(everything);
    expect(err.outcome.issue.length).toBeGreaterThan(10);
    expect(err.message).not.toContain(junk);
    expect(JSON.stringify(err.outcome)).not.toContain(junk);
    // The credentials themselves accept any text; the one a bad value can reach is an empty sandbox secret.
    expect(SECRET_VARIABLES.every((name) => name in EnvSchema.shape)).toBe(true);
    expect(errorOf({ ONCOAGENT_SANDBOX_SECRET: '' }).message).toContain('ONCOAGENT_SANDBOX_SECRET');
  });

  it('returns a frozen configuration', () => {
    const c = loadConfig({});
    expect(() => {
      (c.server as { port: number }).port = 1;
    }).toThrow(TypeError);
    expect(() => {
      (c.tools.oncokb as { baseUrl: string }).baseUrl = 'https://evil.example.org';
    }).toThrow(TypeError);
  });
});

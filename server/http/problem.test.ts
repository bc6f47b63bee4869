// The app's one error handler: whatever a route throws, the client gets an OperationOutcome with the status the outcome
// stands for, the headers a refusal needs, and nothing of an unexpected error (its message, a server path).
import { OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { conflict, tooManyRequests, unavailable } from '../agent/outcome';
import { HttpProblem, onApiError, unauthorized } from './problem';

const app = new Hono()
  .get('/login', () => {
    throw unauthorized('Relaunch OncoAgent from the EHR', 'invalid_token');
  })
  .get('/busy', () => {
    throw new HttpProblem(tooManyRequests('Try again shortly'), { 'Retry-After': '30' });
  })
  .get('/conflict', () => {
    throw new OperationOutcomeError(conflict('The workup has already ended'));
  })
  .get('/index', () => {
    throw new OperationOutcomeError(unavailable('Cannot open /work/main/data/knowledge/index.lance'));
  })
  .get('/bug', () => {
    throw new Error('secret-detail at /srv/oncoagent/server/x.ts:12');
  })
  .get('/uri', () => {
    decodeURIComponent('%E0%A4%A');
    return new Response('unreachable');
  })
  .onError(onApiError);

const get = async (path: string) => {
  const res = await app.request(path);
  return { res, body: (await res.json()) as OperationOutcome };
};

describe('onApiError', () => {
  it('answers a 401 with its Bearer challenge', async () => {
    const { res, body } = await get('/login');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="oncoagent", error="invalid_token"');
    expect(body.issue?.[0]?.details?.text).toBe('Relaunch OncoAgent from the EHR');
  });

  it('answers a 429 with Retry-After, and a 409 from the outcome alone', async () => {
    const busy = await get('/busy');
    expect(busy.res.status).toBe(429);
    expect(busy.res.headers.get('retry-after')).toBe('30');
    const ended = await get('/conflict');
    expect(ended.res.status).toBe(409);
    expect(ended.res.headers.get('content-type')).toMatch(/application\/fhir\+json/);
    expect(ended.body.resourceType).toBe('OperationOutcome');
  });

  it('strips server paths from an outcome before it leaves', async () => {
    const { res, body } = await get('/index');
    expect(res.status).toBe(503);
    expect(JSON.stringify(body)).not.toContain('/work/main');
    expect(body.issue?.[0]?.details?.text).toMatch(/^Cannot open/);
  });

  it('answers an unexpected error with a bare 500 that says nothing of it', async () => {
    const log = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    const { res, body } = await get('/bug');
    log.mockRestore();
    expect(res.status).toBe(500);
    expect(body.issue?.[0]?.details?.text).toBe('Internal server error');
    expect(JSON.stringify(body)).not.toMatch(/secret-detail|\/srv\//);
  });

  it('answers a malformed URL with 400', async () => {
    expect((await get('/uri')).res.status).toBe(400);
  });
});

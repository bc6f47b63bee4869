// `oncoagent validate FILE` as an integrator uses it: issues printed, exit code 1 (CliError) when invalid, clear
// messages for missing or malformed files, NDJSON line by line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPlan } from '../writeback/plan';
import { offlineWorkup } from '../writeback/testing/offline-workup';
import { CliError } from './cli-error';
import { validateCommand } from './validate';

const dir = mkdtempSync(join(tmpdir(), 'oncoagent-validate-'));
const file = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
let printed = '';
beforeAll(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed += String(chunk);
    return true;
  });
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('validateCommand', () => {
  it('accepts a write-back plan and says so', async () => {
    const plan = buildPlan({ workup: await offlineWorkup() });
    printed = '';
    await validateCommand(file('plan.json', plan.bundle));
    // The TNM Observations also claim mCODE, which only `--ig mcode` checks (validate-ig.int.test.ts): noted, not errors.
    const lines = printed.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines)
      expect(l).toMatch(/^information .*Profile http:\/\/hl7\.org\/fhir\/us\/mcode\/.* not available here/);
  });

  it('prints each issue with its path and fails with exit code 1 when invalid', async () => {
    printed = '';
    const bad = {
      resourceType: 'Observation',
      status: 'final',
      meta: { profile: ['https://oncoagent.example/fhir/StructureDefinition/oncoagent-tnm-category'] },
    };
    const err = await validateCommand(file('bad.json', bad)).catch((e) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(1);
    expect((err as CliError).message).toMatch(/^bad\.json is not valid: \d+ errors$/);
    expect(printed).toContain('error       Observation.code  [oncoagent-tnm-category] Missing required property');
    expect(printed).toContain('Constraint oa-tc-ai not met');
  });

  it('prints the OperationOutcome itself with --json', async () => {
    printed = '';
    await validateCommand(file('patient.json', { resourceType: 'Patient' }), { json: true });
    expect(JSON.parse(printed)).toEqual({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'information', code: 'informational', details: { text: 'Valid' } }],
    });
  });

  it('checks NDJSON line by line, naming the line', async () => {
    printed = '';
    const lines = `${JSON.stringify({ resourceType: 'Patient' })}\n${JSON.stringify({ resourceType: 'Observation', status: 'final' })}\n`;
    await expect(validateCommand(file('out.ndjson', lines))).rejects.toThrow('out.ndjson is not valid: 1 error');
    expect(printed).toContain('line 2: Observation.code');
  });

  it('names a missing file, a file that is not JSON, and a missing argument', async () => {
    await expect(validateCommand(join(dir, 'nope.json'))).rejects.toThrow(
      `Cannot read ${join(dir, 'nope.json')}: ENOENT`
    );
    await expect(validateCommand(file('x.json', '{ nope'))).rejects.toThrow(/^x\.json is not JSON: /);
    await expect(validateCommand(undefined)).rejects.toThrow(/^validate needs a FILE/);
  });
});

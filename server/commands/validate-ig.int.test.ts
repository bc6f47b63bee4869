// `oncoagent validate --ig mcode|sdc` as an integrator uses it, against the official packages (fetched by `npm ci`'s
// postinstall, or here on first use): each negative fixture exits 1 naming the element, our outputs and the guide's
// own examples exit 0, a guide that cannot be had exits 2, and an unknown guide exits 1.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findIgPackage, loadIg } from '../ig';
import { MCODE_PROFILE } from '../writeback/codes';
import { buildPlan } from '../writeback/plan';
import { offlineWorkup } from '../writeback/testing/offline-workup';
import { CliError } from './cli-error';
import { validateCommand } from './validate';

const NEGATIVE = resolve(import.meta.dirname, 'testdata/ig-negative');
const dir = mkdtempSync(join(tmpdir(), 'oncoagent-validate-ig-'));
let printed = '';

async function run(files: string | string[], flags: Parameters<typeof validateCommand>[1]) {
  printed = '';
  try {
    await validateCommand(files, flags);
    return { code: 0, message: '', printed };
  } catch (err) {
    if (err instanceof CliError) return { code: err.exitCode, message: err.message, printed };
    throw err;
  }
}

beforeAll(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed += String(chunk);
    return true;
  });
});
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('oncoagent validate --ig', () => {
  // First, before any guide is loaded in this process: with an empty cache and an unreachable registry.
  it('exits 2 saying so when the guide is neither cached nor fetchable', async () => {
    vi.stubEnv('ONCOAGENT_IG_DIR', join(dir, 'empty-cache'));
    vi.stubEnv('npm_config_registry', 'http://127.0.0.1:9/');
    vi.stubEnv('npm_config_fetch_retries', '0');
    vi.stubEnv('npm_config_prefer_online', 'true');
    const r = await run(join(NEGATIVE, 'wrong-profile.json'), { ig: 'sdc' });
    vi.unstubAllEnvs();
    expect(r.code).toBe(2);
    expect(r.message).toMatch(/^The implementation guide hl7\.fhir\.uv\.sdc@4\.0\.0-ballot is not available/);
    expect(r.message).toContain('npm run fetch-igs');
  });

  it('has the pinned mCODE package (postinstall or a fetch on first use; a failure here means it was not fetched)', () => {
    const ig = loadIg('mcode');
    expect(findIgPackage('mcode')).toBeDefined();
    expect(ig.profiles.size).toBe(53);
    expect(ig.unloadable).toEqual([]);
  });

  it.each([
    ['missing-required.json', 'Observation.method', /\[mcode-tnm-stage-group\] Missing required property/],
    ['bogus-status.json', 'DiagnosticReport.status', /Value "bogus" is not in the required value set/],
    ['wrong-code.json', 'Condition.clinicalStatus.coding[0]', /Code "cured" is not in the required value set/],
    ['wrong-profile.json', 'Condition.meta.profile', /Profile mcode-tnm-stage-group constrains Observation/],
    [
      'stage-group-members.json',
      'Bundle.entry[4].resource.hasMember',
      /slice 'TNMCategory': expected 0\.\.3, but found 4/,
    ],
  ])('%s exits 1 naming %s', async (name, path, text) => {
    const r = await run(join(NEGATIVE, name), { ig: 'mcode', json: true });
    expect(r.code).toBe(1);
    const errors = JSON.parse(r.printed).issue.filter((i: { severity: string }) => i.severity === 'error');
    expect(errors).toContainEqual(
      expect.objectContaining({ expression: [path], details: { text: expect.stringMatching(text) } })
    );
  });

  it('every negative fixture is valid JSON the plain validator (without --ig) would let through or catch only in part', () => {
    expect(readdirSync(NEGATIVE).sort()).toEqual([
      'bogus-status.json',
      'missing-required.json',
      'stage-group-members.json',
      'wrong-code.json',
      'wrong-profile.json',
    ]);
  });

  it('a profile under the mCODE canonical that mCODE does not define is an error', async () => {
    const file = join(dir, 'unknown.json');
    const profile = 'http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-no-such-profile';
    writeFileSync(file, JSON.stringify({ resourceType: 'Patient', meta: { profile: [profile] } }));
    const r = await run(file, { ig: 'mcode' });
    expect(r.code).toBe(1);
    expect(r.printed).toContain(`Patient.meta.profile  Profile ${profile} is not defined in hl7.fhir.us.mcode@4.0.0`);
  });

  it('accepts a write-back plan whose TNM Observations claim the mCODE profiles', async () => {
    const plan = buildPlan({ workup: await offlineWorkup() });
    const claimed = plan.bundle.entry?.flatMap((e) => e.resource?.meta?.profile ?? []) ?? [];
    expect(claimed).toEqual(expect.arrayContaining(Object.values(MCODE_PROFILE)));
    const file = join(dir, 'plan.json');
    writeFileSync(file, JSON.stringify(plan.bundle));
    const r = await run(file, { ig: ['mcode', 'sdc'] });
    expect(r.printed).toBe(`information -  All ${plan.bundle.entry?.length} entries are valid\n`);
    expect(r.code).toBe(0);
  });

  it("accepts the guide's own examples, but for one BodyStructure slice the validator cannot match", async () => {
    const examples = join(findIgPackage('mcode') as string, 'example');
    const files = readdirSync(examples)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(examples, f));
    expect(files.length).toBeGreaterThan(100);
    const r = await run(files, { ig: 'mcode' });
    expect(r.message).toBe('BodyStructure-tumor-lobular-carcinoma-left-breast.json is not valid: 1 error');
    expect(r.printed.split('\n').filter((l) => l.startsWith('error'))).toEqual([
      expect.stringContaining(
        "BodyStructure.identifier  [mcode-tumor] Incorrect number of values provided for slice 'bodyStructureIdentifier'"
      ),
    ]);
  });

  it('loads SDC with --ig sdc and accepts our synoptic Questionnaires', async () => {
    const folder = resolve(import.meta.dirname, '../../fhir-profiles/Questionnaire');
    const files = readdirSync(folder).map((f) => join(folder, f));
    const r = await run(files, { ig: 'sdc' });
    expect(loadIg('sdc').profiles.size).toBeGreaterThan(40);
    expect(r.code).toBe(0);
  });

  it('exits 1 for a guide it does not know', async () => {
    const r = await run(join(NEGATIVE, 'wrong-profile.json'), { ig: 'ipa' });
    expect(r).toMatchObject({ code: 1, message: 'Unknown implementation guide "ipa": use mcode or sdc' });
  });
});

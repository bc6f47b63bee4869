// The committed profiles must carry the snapshot our generator makes from their differential (else validation
// would check stale rules), and the generator must refuse differentials it cannot expand faithfully.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StructureDefinition } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { PROFILES_DIR } from './profiles';
import { generateSnapshot } from './snapshot';

const dir = join(PROFILES_DIR, 'StructureDefinition');
const profiles = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, sd: JSON.parse(readFileSync(join(dir, f), 'utf8')) as StructureDefinition }));

describe('profile snapshots', () => {
  it('has one file per profile, named by id, for the nine outputs and the nine synoptic extensions', () => {
    expect(profiles.map((p) => p.file).sort()).toEqual(
      [
        'oncoagent-ai-biomarker-prediction',
        'oncoagent-device',
        'oncoagent-lesion-measurement',
        'oncoagent-provenance',
        'oncoagent-recist-response',
        'oncoagent-therapeutic-implication',
        'oncoagent-tnm-category',
        'oncoagent-tnm-stage-group',
        'oncoagent-workup-report',
        'synoptic-evidence',
        'synoptic-explanation',
        'synoptic-issue',
        'synoptic-knowledge-section',
        'synoptic-method',
        'synoptic-reasoning',
        'synoptic-source-report',
        'synoptic-uncertain',
        'synoptic-violation',
      ].map((id) => `${id}.json`)
    );
    for (const { file, sd } of profiles) expect(`${sd.id}.json`).toBe(file);
  });

  it.each(profiles)('$file: committed snapshot equals the one regenerated from the differential', ({ sd }) => {
    expect(sd.snapshot).toEqual(generateSnapshot(sd));
  });

  it('expands slices with the children of the sliced element', () => {
    const sd = profiles.find((p) => p.sd.id === 'oncoagent-lesion-measurement')!.sd;
    const ids = sd.snapshot!.element!.map((e) => e.id);
    const at = ids.indexOf('Observation.component:longestDiameter');
    expect(at).toBeGreaterThan(ids.indexOf('Observation.component.referenceRange'));
    expect(ids.slice(at, at + 5)).toEqual([
      'Observation.component:longestDiameter',
      'Observation.component:longestDiameter.id',
      'Observation.component:longestDiameter.extension',
      'Observation.component:longestDiameter.modifierExtension',
      'Observation.component:longestDiameter.code',
    ]);
    const value = sd.snapshot!.element!.find((e) => e.id === 'Observation.component:longestDiameter.value[x]');
    expect(value?.type).toEqual([{ code: 'Quantity' }]);
    expect(value?.min).toBe(1);
  });

  it('refuses a differential that widens the base or names no element', () => {
    const base = profiles.find((p) => p.sd.id === 'oncoagent-tnm-category')!.sd;
    const widen = structuredClone(base);
    widen.differential!.element!.push({ id: 'Observation.code', path: 'Observation.code', max: '*' });
    expect(() => generateSnapshot(widen)).toThrow(/Observation.code: max \* > base 1/);
    const unknown = structuredClone(base);
    unknown.differential!.element!.push({ id: 'Observation.meta.security', path: 'Observation.meta.security', min: 1 });
    expect(() => generateSnapshot(unknown)).toThrow(/match no base element: Observation.meta.security/);
    const wrongType = structuredClone(base);
    wrongType.differential!.element!.push({
      id: 'Observation.issued',
      path: 'Observation.issued',
      type: [{ code: 'string' }],
    });
    expect(() => generateSnapshot(wrongType)).toThrow(/type string is not allowed/);
  });
});

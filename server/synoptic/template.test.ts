// Synoptic templates keep the DESIGN §4 linkIds and CAP wording, cite knowledge sections that exist, ship as valid
// FHIR R4 Questionnaires, ValueSets and CodeSystems, and give the form a plain view.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateResource } from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../fhir/definitions';
import { knowledgeUnits, pickParagraphs } from './knowledge';
import { loadTemplate, optionOf, PROFILES_DIR, TEMPLATE_IDS, templateView } from './template';
import { COLORECTAL, LUNG } from './testdata/fixtures';

beforeAll(() => ensureDefinitions());

describe('synoptic templates', () => {
  it('have the linkIds of DESIGN §4, decimals in cm', () => {
    const crc = loadTemplate('cap-colorectal-resection');
    expect(crc.items.map((i) => i.linkId)).toEqual([
      'procedure',
      'mesorectum',
      'tumor-site',
      'rectal-location',
      'perforation',
      'tumor-size',
      'distance-proximal',
      'distance-distal',
      'distance-radial',
      'closest-margin',
      'margin-status',
      'tumor-extent',
    ]);
    for (const id of ['tumor-size', 'distance-proximal', 'distance-distal', 'distance-radial']) {
      expect(crc.items.find((i) => i.linkId === id)).toMatchObject({ type: 'decimal', unit: 'cm' });
    }
    expect(loadTemplate('ajcc8-lung-resection').items.map((i) => i.linkId)).toEqual(['pT', 'pN', 'pM', 'stage-group']);
    expect(loadTemplate('cd99-pattern').items.map((i) => i.linkId)).toEqual(['cd99-localization', 'cd99-distribution']);
    expect(() => loadTemplate('breast')).toThrow(/Unknown synoptic template "breast"/);
  });

  it('offer every answer the fixtures use, in CAP wording', () => {
    for (const [id, cases] of [
      ['cap-colorectal-resection', COLORECTAL],
      ['ajcc8-lung-resection', LUNG],
    ] as const) {
      const t = loadTemplate(id);
      for (const c of cases) {
        for (const [linkId, v] of Object.entries(c.truth)) {
          const item = t.items.find((i) => i.linkId === linkId)!;
          if (item.type === 'choice') expect(optionOf(item, String(v)), `${c.id} ${linkId} ${v}`).toBeDefined();
        }
      }
    }
    const site = loadTemplate('cap-colorectal-resection').items.find((i) => i.linkId === 'tumor-site')!;
    expect(site.options.map((o) => o.display)).toContain('Hepatic flexure of colon');
  });

  it('name knowledge sections that exist, and pick paragraphs within a budget', () => {
    for (const id of TEMPLATE_IDS) {
      const refs = loadTemplate(id).items.flatMap((i) => i.knowledge);
      expect(knowledgeUnits(refs).missing).toEqual([]);
    }
    const { units } = knowledgeUnits(loadTemplate('cap-colorectal-resection').items[1]!.knowledge);
    const picked = pickParagraphs(units, 'near complete defects muscularis propria', 400);
    expect(picked.reduce((n, u) => n + u.text.length, 0)).toBeLessThanOrEqual(400);
    expect(picked[0]!.text).toMatch(/Near complete/);
  });

  it('are valid FHIR R4 (Questionnaires, ValueSets, CodeSystems), each ValueSet with its CodeSystem', () => {
    const ours = TEMPLATE_IDS.flatMap((id) =>
      loadTemplate(id).items.flatMap((i) => (i.options.length ? [i.options[0]!.system.split('/').pop()!] : []))
    );
    const files = [
      ...TEMPLATE_IDS.map((id) => resolve(PROFILES_DIR, 'Questionnaire', `${id}.json`)),
      ...ours.flatMap((id) => [
        resolve(PROFILES_DIR, 'ValueSet', `${id}.json`),
        resolve(PROFILES_DIR, 'CodeSystem', `${id}.json`),
      ]),
    ];
    expect(files.length).toBe(3 + 2 * 14);
    for (const f of files) {
      const r = JSON.parse(readFileSync(f, 'utf8')) as Resource;
      expect(
        validateResource(r).filter((i) => i.severity === 'error'),
        f
      ).toEqual([]);
      expect(f.endsWith(`${r.id}.json`)).toBe(true);
    }
    expect(readdirSync(resolve(PROFILES_DIR, 'Questionnaire'))).toEqual(
      expect.arrayContaining(TEMPLATE_IDS.map((id) => `${id}.json`))
    );
  });

  it('expose a plain view for the form', () => {
    const view = templateView(loadTemplate('cd99-pattern')) as {
      items: { linkId: string; options: { display: string }[] }[];
    };
    expect(view.items[0]!.options.map((o) => o.display)).toEqual([
      'Membranous',
      'Cytoplasmic',
      'Membranous and cytoplasmic',
      'Negative (no staining)',
    ]);
  });
});

// Our synoptic Questionnaires' SDC metadata is sound where the IG validator does not look inside extensions: every
// extraction definition names an element of R4 under a profile we ship, every expression parses and only uses
// variables the form declares, and no item is marked for a second (observation-based) extraction.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Questionnaire, QuestionnaireItem } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { PROFILES_DIR, TEMPLATE_IDS } from '../synoptic/template';
import { resolveDefinition } from './element-path';
import { allocatedIds, extractDefinitions, extractValues, SDC_EXT } from './extensions';
import { evaluate } from './fhirpath';

const ours = (canonical: string) => {
  const id = canonical.split('/').pop()!;
  const sd = JSON.parse(readFileSync(resolve(PROFILES_DIR, 'StructureDefinition', `${id}.json`), 'utf8'));
  return sd.url === canonical ? (sd.type as string) : undefined;
};
const flat = (items: QuestionnaireItem[] = []): QuestionnaireItem[] => items.flatMap((i) => [i, ...flat(i.item)]);

describe.each(TEMPLATE_IDS)('SDC metadata of %s', (id) => {
  const q = JSON.parse(readFileSync(resolve(PROFILES_DIR, 'Questionnaire', `${id}.json`), 'utf8')) as Questionnaire;
  const declared = new Set(['resource', 'questionnaire', 'qitem', ...allocatedIds(q)]);

  it('declares the patient and the pathology report as launch contexts', () => {
    const names = (q.extension ?? [])
      .filter((e) => e.url === SDC_EXT.launchContext)
      .map((e) => e.extension?.find((x) => x.url === 'name')?.valueCoding?.code);
    expect(names).toEqual(['patient', 'clinical']);
  });

  it('extracts only by definition, into elements of R4 under a profile of ours, with expressions that parse', () => {
    for (const item of flat(q.item)) {
      const where = `item ${item.linkId}`;
      expect(
        item.extension?.some((e) => e.url === SDC_EXT.observationExtract),
        where
      ).toBeFalsy();
      for (const d of extractDefinitions(item, where)) {
        expect(ours(d.definition), where).toBe('Observation');
        const values = extractValues(item, where);
        expect(values.length, where).toBeGreaterThan(0);
        for (const v of values) {
          expect(resolveDefinition(v.definition, where).canonical, where).toBe(d.definition);
          for (const expression of [v.expression, d.fullUrl, d.ifNoneExist].filter((x): x is string => !!x)) {
            for (const name of expression.match(/%[A-Za-z]\w*/g) ?? [])
              expect(declared, where).toContain(name.slice(1));
            const vars = Object.fromEntries([...declared].map((n) => [n, n === 'resource' ? { item: [] } : 'x']));
            expect(() => evaluate(expression, { linkId: item.linkId }, vars, where), expression).not.toThrow();
          }
        }
        if (item.definition) expect(resolveDefinition(item.definition, where).canonical).toBe(d.definition);
      }
    }
  });
});

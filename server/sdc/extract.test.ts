// The definition-based extraction engine on a small Questionnaire of its own (no synoptic template): answers into
// typed elements, fixed values, expressions, allocated ids linking resources, repeating groups, and refusals.
import type { Extension, Observation, Questionnaire, QuestionnaireResponse } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { SDC_EXT } from './extensions';
import { extractResources, toTransaction } from './extract';

const OBS = 'http://hl7.org/fhir/StructureDefinition/Observation';
const define = (extra: Extension[] = []): Extension => ({
  url: SDC_EXT.definitionExtract,
  extension: [{ url: 'definition', valueCanonical: OBS }, ...extra],
});
const fixed = (path: string, value: Record<string, unknown>): Extension => ({
  url: SDC_EXT.definitionExtractValue,
  extension: [
    { url: 'definition', valueUri: `${OBS}#${path}` },
    { url: 'fixed-value', ...value },
  ],
});
const expr = (path: string, expression: string): Extension => ({
  url: SDC_EXT.definitionExtractValue,
  extension: [
    { url: 'definition', valueUri: `${OBS}#${path}` },
    { url: 'expression', valueExpression: { language: 'text/fhirpath', expression } },
  ],
});
const size = { system: 'http://loinc.org', code: '21889-1', display: 'Size Tumor' };

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'draft',
  url: 'https://example.org/Questionnaire/q',
  extension: [{ url: SDC_EXT.extractAllocateId, valueString: 'sizeId' }],
  item: [
    {
      linkId: 'size',
      type: 'decimal',
      definition: `${OBS}#Observation.value[x]`,
      extension: [
        {
          url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit',
          valueCoding: { code: 'cm', display: 'cm' },
        },
        define([
          { url: 'fullUrl', valueString: '%sizeId' },
          { url: 'ifNoneExist', valueString: "'identifier=urn:x|' + %resource.id" },
        ]),
        fixed('Observation.status', { valueCode: 'final' }),
        fixed('Observation.code', { valueCodeableConcept: { coding: [size] } }),
        expr('Observation.subject', '%resource.subject'),
        expr('Observation.identifier.value', "%resource.id + '-' + linkId"),
        fixed('Observation.identifier.system', { valueUri: 'urn:x' }),
      ],
    },
    {
      linkId: 'finding',
      type: 'group',
      repeats: true,
      extension: [
        define(),
        fixed('Observation.status', { valueCode: 'preliminary' }),
        expr('Observation.hasMember.reference', '%sizeId'),
      ],
      item: [
        { linkId: 'what', type: 'string', definition: `${OBS}#Observation.code.text` },
        { linkId: 'site', type: 'choice', definition: `${OBS}#Observation.bodySite` },
      ],
    },
    { linkId: 'unanswered', type: 'string', extension: [define()], definition: `${OBS}#Observation.code.text` },
  ],
};

const response = (item: QuestionnaireResponse['item']): QuestionnaireResponse => ({
  resourceType: 'QuestionnaireResponse',
  id: 'r1',
  status: 'completed',
  questionnaire: `${questionnaire.url}|1`,
  subject: { reference: 'Patient/p' },
  item,
});
const site = { system: 'http://snomed.info/sct', code: '71854001', display: 'Colon' };

describe('definition-based $extract', () => {
  it('fills typed elements from answers, fixed values and expressions, and links resources by allocated ids', () => {
    const out = extractResources(
      questionnaire,
      response([
        { linkId: 'size', answer: [{ valueDecimal: 3.5 }] },
        { linkId: 'finding', item: [{ linkId: 'what', answer: [{ valueString: 'ulcer' }] }] },
        { linkId: 'finding', item: [{ linkId: 'site', answer: [{ valueCoding: site }] }] },
      ])
    );
    const [sizeEntry, first, second] = out.entries;
    expect(out.entries).toHaveLength(3);
    expect(sizeEntry!.resource).toEqual({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [size] },
      subject: { reference: 'Patient/p' },
      identifier: [{ value: 'r1-size', system: 'urn:x' }],
      valueQuantity: { value: 3.5, unit: 'cm', code: 'cm' },
    });
    expect(sizeEntry!.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(sizeEntry!.request).toEqual({ method: 'POST', url: 'Observation', ifNoneExist: 'identifier=urn:x|r1' });
    // One resource per repetition of the group; a Coding answer fills a CodeableConcept.
    expect((first!.resource as Observation).code).toEqual({ text: 'ulcer' });
    expect((second!.resource as Observation).bodySite).toEqual({ coding: [site] });
    expect((second!.resource as Observation).hasMember).toEqual([{ reference: sizeEntry!.fullUrl }]);
    expect(out.skipped).toEqual([{ linkId: 'unanswered', reason: 'not answered' }]);
    expect(out.issues.filter((i) => i.severity !== 'information')).toEqual([]);
    const bundle = toTransaction(out);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'transaction' });
    expect(bundle.entry?.map((e) => Object.keys(e).sort())).toEqual(Array(3).fill(['fullUrl', 'request', 'resource']));
  });

  it('extracts nothing from an unanswered form and says which items were left', () => {
    const out = extractResources(questionnaire, response([{ linkId: 'size' }]));
    expect(out.entries).toEqual([]);
    expect(out.skipped.map((s) => s.linkId)).toEqual(['size', 'finding', 'unanswered']);
  });

  it('refuses a response to another Questionnaire, and metadata naming no element', () => {
    const other = { ...response([]), questionnaire: 'https://example.org/Questionnaire/other' };
    expect(() => extractResources(questionnaire, other)).toThrow(/does not answer https:\/\/example.org/);
    const broken: Questionnaire = {
      ...questionnaire,
      item: [{ linkId: 'x', type: 'string', extension: [define(), fixed('Observation.nope', { valueCode: 'a' })] }],
    };
    expect(() => extractResources(broken, response([{ linkId: 'x', answer: [{ valueString: 'a' }] }]))).toThrow(
      /item x: Observation has no element nope/
    );
  });

  it('warns instead of writing a value that does not fit its element', () => {
    const q: Questionnaire = {
      ...questionnaire,
      item: [{ linkId: 'x', type: 'boolean', definition: `${OBS}#Observation.code`, extension: [define()] }],
    };
    const out = extractResources(q, response([{ linkId: 'x', answer: [{ valueBoolean: true }] }]));
    expect(out.issues.map((i) => i.details?.text)).toEqual([
      expect.stringContaining('a boolean cannot go into'),
      'item x: nothing extracted',
    ]);
    expect(out.entries).toEqual([]);
  });
});

// The QuestionnaireResponse we write is valid R4 with coded answers, cm decimals and evidence quotes, lists open
// violations and uncertain items, labels LLM answers AIAST, and stays valid on malformed input.
import { validateResource } from '@medplum/core';
import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../fhir/definitions';
import { createScriptedModel } from '../llm/scripted';
import { contentText } from '../llm/types';
import { noisyAnswer } from './eval/noisy-extractor';
import { extractOffline, extractSynoptic, responseId, resultView, toQuestionnaireResponse } from './index';
import { decodeText } from './input';
import { EXT, loadTemplate } from './template';
import { COLORECTAL } from './testdata/fixtures';

beforeAll(() => ensureDefinitions());
const crc = loadTemplate('cap-colorectal-resection');
const errors = (qr: QuestionnaireResponse) => validateResource(qr).filter((i) => i.severity === 'error');
const ext = (qr: QuestionnaireResponse, url: string) => (qr.extension ?? []).filter((e) => e.url === url);

describe('QuestionnaireResponse', () => {
  it('carries coded answers, decimals in cm and evidence quotes, and is valid R4', () => {
    const c = COLORECTAL.find((x) => x.id === 'C06')!;
    const qr = toQuestionnaireResponse(
      crc,
      extractOffline(crc, { text: c.text, key: 'DR-1', ref: 'DiagnosticReport/DR-1', subject: 'Patient/p1' }),
      { authored: '2026-01-02T03:04:05Z' }
    );
    expect(errors(qr)).toEqual([]);
    expect(qr).toMatchObject({
      id: 'cap-colorectal-resection-DR-1',
      status: 'in-progress',
      subject: { reference: 'Patient/p1' },
      questionnaire: `${crc.url}|${crc.version}`,
    });
    expect(qr.meta?.security).toBeUndefined();
    const procedure = qr.item!.find((i) => i.linkId === 'procedure')!;
    expect(procedure.answer).toEqual([
      {
        valueCoding: {
          system: 'https://oncoagent.example/fhir/CodeSystem/colorectal-procedure',
          code: 'left-hemicolectomy',
          display: 'Left hemicolectomy',
        },
      },
    ]);
    const distal = qr.item!.find((i) => i.linkId === 'distance-distal')!;
    expect(distal.answer).toEqual([{ valueDecimal: 0 }]);
    expect(distal.extension!.filter((e) => e.url === EXT.evidence).map((e) => e.valueString)).toEqual([
      'There is an infiltrative, ulcerated carcinoma of the descending colon measuring 5.8 x 4.1 cm which extends to the distal resection margin.',
    ]);
    expect(ext(qr, EXT.sourceReport)[0]!.valueReference).toEqual({ reference: 'DiagnosticReport/DR-1' });
    expect(ext(qr, EXT.violation)).toEqual([]);
  });

  it('lists remaining violations and uncertain items, and labels LLM answers AIAST', async () => {
    const c = COLORECTAL[3]!;
    const model = createScriptedModel((req) => ({ json: noisyAnswer(contentText(req.messages[1]!.content)) }));
    const result = await extractSynoptic(
      crc,
      { text: c.text, key: c.id },
      { model, strategy: 'targeted', maxRounds: 1 }
    );
    expect(result.violations.length).toBeGreaterThan(0);
    result.uncertain.push({ linkId: 'tumor-site', values: ['Cecum', null], reason: 'test' });
    const qr = toQuestionnaireResponse(crc, result);
    expect(errors(qr)).toEqual([]);
    expect(qr.meta?.security).toEqual([
      {
        system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
        code: 'AIAST',
        display: 'Artificial Intelligence asserted',
      },
    ]);
    const v = ext(qr, EXT.violation)[0]!.extension!;
    expect(v.map((e) => e.url)).toEqual(expect.arrayContaining(['rule', 'item', 'message']));
    expect(ext(qr, EXT.uncertain)[0]!.extension!.map((e) => e.valueString)).toEqual([
      'tumor-site',
      'Cecum',
      '(no answer)',
      'test',
    ]);
    const view = resultView(crc, result);
    expect(view.items.find((i) => i.flaggedBy.length)).toBeDefined();
    expect(view.reasoning).toMatchObject({ mode: 'llm', strategy: 'targeted', stop: 'max-rounds' });
  });

  it.each([
    ['empty text', { text: '   ', key: 'e' }, /empty/],
    [
      'non-UTF-8 bytes',
      { ...decodeText(Uint8Array.from([0x47, 0x72, 0x6f, 0xff, 0x73, 0x73])), key: 'b' },
      /not valid UTF-8 .*0xff at offset 3/,
    ],
    [
      'no gross section',
      { text: 'FINAL DIAGNOSIS:\nAdenocarcinoma of the sigmoid colon.\n\nCOMMENT:\nNone.', key: 'n' },
      /no gross description/,
    ],
    [
      'no colorectal content',
      { text: 'The patient is well.', key: 'x' },
      /No gross description of a colorectal resection/,
    ],
  ])('malformed input (%s): items unanswered, a clear issue, valid response', async (name, input, issue) => {
    // With a model, text that is readable goes to the model (it may read what the rules cannot); the rest never does.
    const model = createScriptedModel([]);
    const runs = [
      extractOffline(crc, input),
      ...(name === 'no colorectal content' ? [] : [await extractSynoptic(crc, input, { model })]),
    ];
    expect(model.requests).toHaveLength(0);
    for (const result of runs) {
      expect(Object.values(result.answers).every((a) => a.value === null)).toBe(true);
      expect(result.issues.join(' ')).toMatch(issue);
      const qr = toQuestionnaireResponse(crc, result);
      expect(errors(qr)).toEqual([]);
      expect(qr.item!.every((i) => !i.answer)).toBe(true);
      expect(ext(qr, EXT.issue)[0]!.valueString).toMatch(issue);
    }
  });

  it('makes safe ids from any report key', () => {
    expect(responseId('cd99-pattern', 'abc-1')).toBe('cd99-pattern-abc-1');
    const id = responseId('cap-colorectal-resection', 'weird key/with spaces and a very long tail that goes on and on');
    expect(id).toMatch(/^[A-Za-z0-9.-]{1,64}$/);
  });
});

// Every extension of ours that a synoptic template or QuestionnaireResponse carries must be defined in fhir-profiles/
// and fit its definition. Medplum resolves no extension by url: given the definition it checks the fixed url,
// cardinalities and sub-extension slices, but not value types, closed slicing or context, so those are checked here.
import { OperationOutcomeError, validateResource, validateTypedValue } from '@medplum/core';
import type { Extension, OperationOutcomeIssue, QuestionnaireResponse, StructureDefinition } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANONICAL_BASE } from '../fhir/canonical';
import { createScriptedModel } from '../llm/scripted';
import { contentText } from '../llm/types';
import { ensureProfiles } from '../writeback/profiles';
import { noisyAnswer } from './eval/noisy-extractor';
import { extractOffline, extractSynoptic } from './extract';
import { toQuestionnaireResponse } from './response';
import { EXT, loadTemplate, TEMPLATE_IDS, type TemplateId } from './template';
import { CD99, COLORECTAL, type Fixture, LUNG } from './testdata/fixtures';

let profiles: Map<string, StructureDefinition>;
beforeAll(() => {
  profiles = ensureProfiles().profiles;
});

interface Placed {
  /** Element path the extension sits on, nested items folded (QuestionnaireResponse.item.item → .item). */
  path: string;
  ext: Extension;
}

/** Our extensions in a resource, with where each sits (sub-extensions are checked against their parent's definition). */
function ours(node: unknown, path: string, out: Placed[] = []): Placed[] {
  if (Array.isArray(node)) for (const n of node) ours(n, path, out);
  if (!node || typeof node !== 'object' || Array.isArray(node)) return out;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'extension') {
      const where = path.replace(/(\.item)+/g, '.item');
      for (const ext of value as Extension[]) if (ext.url.startsWith(CANONICAL_BASE)) out.push({ path: where, ext });
    } else ours(value, `${path}.${key}`, out);
  }
  return out;
}

const errorsOf = (validate: () => OperationOutcomeIssue[]): string[] => {
  try {
    return validate()
      .filter((i) => i.severity === 'error')
      .map((i) => `${i.expression}: ${i.details?.text}`);
  } catch (err) {
    if (!(err instanceof OperationOutcomeError)) throw err;
    return (err.outcome.issue ?? []).map((i) => `${i.expression}: ${i.details?.text}`);
  }
};

/** What the definition allows that Medplum does not check: value types, closed sub-extension slicing, context. */
function definitionErrors(sd: StructureDefinition, { path, ext }: Placed): string[] {
  const elements = sd.snapshot?.element ?? [];
  const types = (id: string): string[] | undefined => {
    const e = elements.find((x) => x.id === id);
    return e && e.max !== '0' ? (e.type ?? []).map((t) => t.code.toLowerCase()) : undefined;
  };
  const valueErrors = (e: Extension, id: string, where: string): string[] =>
    Object.keys(e)
      .filter((k) => k.startsWith('value') && !types(id)?.includes(k.slice('value'.length).toLowerCase()))
      .map((k) => `${where}: ${k} is not allowed by ${id}`);
  const out = valueErrors(ext, 'Extension.value[x]', ext.url);
  if (!sd.context?.some((c) => c.expression === path)) out.push(`${ext.url}: not defined for ${path}`);
  const closed = elements.find((e) => e.id === 'Extension.extension')?.slicing?.rules === 'closed';
  for (const sub of ext.extension ?? []) {
    const slice = `Extension.extension:${sub.url}`;
    if (!elements.some((e) => e.id === slice)) {
      if (closed) out.push(`${ext.url}: no sub-extension "${sub.url}"`);
    } else out.push(...valueErrors(sub, `${slice}.value[x]`, `${ext.url}#${sub.url}`));
  }
  return out;
}

/** Every problem with our extensions in a resource; empty when each is defined and fits. */
function extensionErrors(resource: { resourceType: string }): string[] {
  return ours(resource, resource.resourceType).flatMap((placed) => {
    const sd = profiles.get(placed.ext.url);
    if (sd?.type !== 'Extension') return [`${placed.ext.url}: no extension StructureDefinition in fhir-profiles/`];
    const medplum = errorsOf(() => validateTypedValue({ type: 'Extension', value: placed.ext }, { profile: sd }));
    return [...medplum.map((m) => `${placed.ext.url}: ${m}`), ...definitionErrors(sd, placed)];
  });
}

const FIXTURES: [TemplateId, Fixture[]][] = [
  ['cap-colorectal-resection', COLORECTAL],
  ['ajcc8-lung-resection', LUNG],
  ['cd99-pattern', CD99],
];

async function responses(): Promise<QuestionnaireResponse[]> {
  const offline = FIXTURES.flatMap(([id, fixtures]) => {
    const template = loadTemplate(id);
    const inputs = [...fixtures.map((f) => ({ text: f.text, key: f.id })), { text: ' ', key: 'empty' }];
    return inputs.map((input) =>
      toQuestionnaireResponse(template, extractOffline(template, { ...input, ref: `DiagnosticReport/${input.key}` }))
    );
  });
  // A model run carries the strategy and model; an alternating answer is added as the loop would report it.
  const crc = loadTemplate('cap-colorectal-resection');
  const model = createScriptedModel((req) => ({ json: noisyAnswer(contentText(req.messages[1]!.content)) }));
  const llm = await extractSynoptic(crc, { text: COLORECTAL[3]!.text, key: 'llm' }, { model, maxRounds: 1 });
  llm.uncertain.push({ linkId: 'tumor-site', values: ['Cecum', null], reason: 'Alternated between rounds 1 and 2.' });
  return [...offline, toQuestionnaireResponse(crc, llm)];
}

describe('synoptic extensions', () => {
  it('defines each extension the templates and responses use, and each response is valid R4', async () => {
    const all = await responses();
    const questionnaires = TEMPLATE_IDS.map((id) => loadTemplate(id).questionnaire);
    const used = new Set([...questionnaires, ...all].flatMap((r) => ours(r, r.resourceType).map((p) => p.ext.url)));
    expect([...used].sort()).toEqual(Object.values(EXT).sort());
    for (const r of [...questionnaires, ...all]) expect(extensionErrors(r), r.id).toEqual([]);
    for (const qr of all)
      expect(
        errorsOf(() => validateResource(qr)),
        qr.id
      ).toEqual([]);
  });

  it('reports an undefined url, a wrong value type, a missing or unknown part and a wrong place', () => {
    const qr: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      status: 'in-progress',
      extension: [
        { url: `${CANONICAL_BASE}/StructureDefinition/synoptic-nothing`, valueString: 'x' },
        { url: EXT.issue, valueCode: 'empty' },
        { url: EXT.violation, extension: [{ url: 'rule', valueString: 'r' }] },
        {
          url: EXT.uncertain,
          extension: [
            { url: 'item', valueString: 'a' },
            { url: 'value', valueString: '1' },
            { url: 'value', valueInteger: 2 },
            { url: 'reason', valueString: 'r' },
            { url: 'note', valueString: 'n' },
          ],
        },
        { url: EXT.evidence, valueString: 'quote' },
      ],
      item: [{ linkId: 'a', extension: [{ url: EXT.method, valueCode: 'rules' }] }],
    };
    expect(extensionErrors(qr)).toEqual([
      expect.stringMatching(/synoptic-nothing: no extension StructureDefinition/),
      expect.stringMatching(/synoptic-issue: valueCode is not allowed/),
      expect.stringMatching(/synoptic-violation: .*slice 'message': expected 1\.\.1, but found 0/),
      expect.stringMatching(/synoptic-uncertain#value: valueInteger is not allowed/),
      expect.stringMatching(/synoptic-uncertain: no sub-extension "note"/),
      expect.stringMatching(/synoptic-evidence: not defined for QuestionnaireResponse$/),
    ]);
  });
});

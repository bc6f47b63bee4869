// On a biopsy, the model is never asked the resection-only items and no procedure is inferred from the site, while a
// resection that mentions a prior biopsy is asked everything; includes the sandbox demo biopsy.
import type { DiagnosticReport } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../llm/scripted';
import { contentText, type ModelRequest } from '../llm/types';
import { demoData } from '../sandbox/demo';
import { demoId } from '../sandbox/demo/portable';
import { extractOffline, extractSynoptic } from './extract';
import { reportFromDiagnosticReport } from './input';
import { parseItemPrompt } from './llm/signature';
import { RESECTION_ONLY } from './rules/colorectal/scope';
import { loadTemplate } from './template';
import { SPECIMENS } from './testdata/fixtures';

const crc = loadTemplate('cap-colorectal-resection');
const userText = (req: ModelRequest) => contentText(req.messages[1]!.content);
const fixture = (id: string) => SPECIMENS.find((c) => c.id === id)!;

/** A careless model: it answers every item it is asked, the procedure always as a sigmoidectomy. */
function careless() {
  return createScriptedModel((req) => {
    const { linkId } = parseItemPrompt(userText(req));
    const value = linkId === 'procedure' ? 'Sigmoidectomy' : linkId === 'tumor-site' ? 'Sigmoid colon' : null;
    return { json: { value, evidence: [], explanation: 'scripted' } };
  });
}

describe('specimen guard on the LLM path', () => {
  it.each(['S01', 'S02', 'S03', 'S04', 'S07'])(
    '%s: resection-only items are never asked, stay unanswered, and the issue is reported',
    async (id) => {
      const c = fixture(id);
      const model = careless();
      const r = await extractSynoptic(crc, { text: c.text, key: id }, { model, maxRounds: 2 });
      const asked = model.requests.map((q) => parseItemPrompt(userText(q)).linkId);
      for (const item of RESECTION_ONLY) {
        expect(asked).not.toContain(item);
        expect(r.answers[item]?.value, item).toBeNull();
      }
      expect(r.answers.procedure?.explanation).toMatch(/none is inferred from the site/);
      expect(asked).toContain('tumor-site');
      expect(r.issues[0]).toBe(extractOffline(crc, { text: c.text, key: id }).issues[0]);
      // The model is told what the specimen is.
      expect(userText(model.requests[0]!)).toMatch(
        /About this report:\n- The (?:report describes|specimen type is unclear)/
      );
    }
  );

  it('a biopsy: tumor size and depth are not asked either', async () => {
    const model = careless();
    await extractSynoptic(crc, { text: fixture('S01').text, key: 'S01' }, { model, strategy: 'full', maxRounds: 2 });
    const asked = new Set(model.requests.map((q) => parseItemPrompt(userText(q)).linkId));
    expect([...asked].sort()).toEqual(['perforation', 'tumor-site']);
  });

  it('a resection that mentions a prior biopsy is asked every item, without a specimen note', async () => {
    const model = careless();
    const r = await extractSynoptic(crc, { text: fixture('S05').text, key: 'S05' }, { model, maxRounds: 1 });
    expect(model.requests).toHaveLength(crc.items.length);
    expect(userText(model.requests[0]!)).not.toMatch(/About this report/);
    expect(r.issues).toEqual([]);
    expect(r.answers.procedure?.value).toBe('Sigmoidectomy');
  });
});

describe('the sandbox demo biopsy', () => {
  it('demo-crc-met: the sigmoid biopsy report gets no procedure, only its site, and the issue', () => {
    const entries = demoData({ dicomWebBase: 'http://127.0.0.1/dicomweb' }).bundles.flatMap((b) => b.entry ?? []);
    const report = entries
      .map((e) => e.resource)
      .find(
        (r): r is DiagnosticReport =>
          r?.resourceType === 'DiagnosticReport' && r.id === demoId('demo-crc-met-pathology-2026-07-29')
      );
    expect(report).toBeDefined();
    const r = extractOffline(crc, reportFromDiagnosticReport(report!));
    const answered = Object.entries(r.answers).filter(([, a]) => a.value !== null);
    expect(Object.fromEntries(answered.map(([k, a]) => [k, a.value]))).toEqual({ 'tumor-site': 'Sigmoid colon' });
    expect(r.issues).toEqual([expect.stringMatching(/^The report describes a biopsy, not a resection specimen/)]);
  });
});

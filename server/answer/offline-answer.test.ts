// The extractive answer over the real knowledge text: the question answered first, options only with a citation to
// the section that states them, groups the patient is not in shown as "not for this patient", passages for other
// stages or sites left out, and each finding once.
import { describe, expect, it } from 'vitest';
import { createAnswerer } from './answerer';
import { backsAnswer } from './backing';
import { recordRefsOf } from './citations';
import { OPTIONS } from './options';
import { patientFacts } from './patient-facts';
import { CRC_INPUT, STAGE3_INPUT } from './testing/inputs';
import { knowledgeRetrieve } from './testing/knowledge';
import { unresolvedCitations } from './testing/resolve';
import type { AnswerInput } from './types';

const run = (input: AnswerInput) => createAnswerer()(input, { retrieve: knowledgeRetrieve });
const headings = (md: string) => [...md.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
const section = (md: string, heading: string) => md.split(`### ${heading}\n`)[1]?.split(/\n### /)[0] ?? '';

describe('offline answer over the knowledge', () => {
  it('answers the growth question first, then options; anti-EGFR for RAS wild-type only as not for this patient', async () => {
    const out = await run(CRC_INPUT);
    const md = out.answer.markdown;
    expect(headings(md).slice(0, 2)).toEqual(['Answer', 'Options for the tumor board']);
    expect(section(md, 'Answer')).toContain('RECIST 1.1: PD (progressive disease)');
    const options = section(md, 'Options for the tumor board');
    expect(options).toMatch(/^- Second line: switch the chemotherapy backbone .* \[\d+\]$/m);
    expect(options).toMatch(
      /^- Not for this patient: Second line for RAS wild-type tumours .*, because KRAS G12D\. \[\d+\]$/m
    );
    expect(options).toMatch(/^- Not for this patient: dMMR\/MSI-H disease: .*, because MSS\. \[\d+\]$/m);
    // Outside "not for this patient", nothing quotes a section written for RAS wild-type or MSI-H disease.
    const evidence = section(md, 'Guideline evidence');
    expect(evidence).not.toMatch(/RAS wild-type|MSI-H or dMMR/);
    // The patient has liver metastases only: lung-metastasis guidance does not lead any sub-query's quotes.
    expect(evidence).not.toMatch(/\*\*\n- Local treatment of lung metastases/);
    expect(
      unresolvedCitations(out, CRC_INPUT.toolCalls, (r) =>
        recordRefsOf(CRC_INPUT.patientSummary, CRC_INPUT.findings).has(r)
      ).unresolved
    ).toEqual([]);
  });

  it('cites each option to the knowledge section that states it', async () => {
    const out = await run({ ...CRC_INPUT, question: 'What are the options for the tumor board?' });
    const md = out.answer.markdown;
    expect(headings(md)[0]).toBe('Options for the tumor board');
    const shown = OPTIONS.filter((o) => md.includes(`- ${o.text} [`));
    expect(shown.length).toBeGreaterThan(0);
    for (const o of shown) {
      const n = Number(new RegExp(`- ${o.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\[(\\d+)\\]`).exec(md)![1]);
      expect(out.evidence.find((e) => e.n === n)?.section).toBe(o.cite.heading);
    }
  });

  it('gives a stage IIIB colon patient stage III adjuvant guidance, no stage II risk or transplantation passages', async () => {
    const out = await run(STAGE3_INPUT);
    const md = out.answer.markdown;
    expect(section(md, 'Options for the tumor board')).toMatch(
      /^- Resected stage III colon cancer: adjuvant oxaliplatin/m
    );
    expect(md).not.toMatch(
      /High-risk stage II colon cancer|Liver transplantation|Total neoadjuvant therapy|Local treatment of lung metastases/
    );
    expect(out.evidence.map((e) => e.section)).toContain('Adjuvant chemotherapy for stage III colon cancer');
  });

  it('states each finding once', async () => {
    for (const input of [CRC_INPUT, STAGE3_INPUT]) {
      const md = (await run(input)).answer.markdown;
      for (const f of input.findings) {
        const text = f.text.replace(/\[/g, '(').replace(/\]/g, ')');
        expect(md.split(text).length - 1, text).toBe(1);
      }
    }
  });

  it('cites a quoted passage only when the answer rests on it; the others are further reading without numbers', async () => {
    const out = await run(CRC_INPUT);
    const md = out.answer.markdown;
    const p = patientFacts(CRC_INPUT);
    const quoted = out.answer.statements.filter((s) => /^[^“]+: “/.test(s.text) && !s.text.startsWith('Not for'));
    expect(quoted.length).toBeGreaterThan(0);
    for (const s of quoted) {
      const e = out.evidence.find((x) => x.n === s.citations[0])!;
      const elsewhere = out.answer.statements.some((t) => t !== s && t.citations.includes(e.n));
      expect(elsewhere || backsAnswer(e, p, CRC_INPUT.question) !== undefined, e.section).toBe(true);
    }
    const further = section(md, 'Further reading (not cited)');
    expect(further).toMatch(/^- .+: “/m);
    expect(further).not.toMatch(/\[\d+\]/);
    // First-line text for a patient deciding the second line is never cited as support.
    expect(out.evidence.map((e) => e.section)).not.toContain(
      'First-line systemic therapy for RAS-mutant or right-sided mCRC'
    );
  });
});

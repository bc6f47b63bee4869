// The model answer over the OpenAI wire protocol (scripted server) is held to the offline relevance rules: the model
// sees only passages that apply to the patient, passages for a group the patient is not in marked as such, and the
// decision table's options; a reply that cites an off-target passage comes back without that citation, and a
// statement left with no citation is flagged unsupported (never re-cited to something else).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, type ScriptedOpenAI, startScriptedOpenAI } from '../../tests/support/scripted-openai';
import { createOpenAIModel } from '../llm/openai';
import { slugify } from '../rag/ingest/markdown';
import type { Chunk, Passage } from '../rag/types';
import { createAnswerer } from '.';
import { CRC_INPUT } from './testing/inputs';
import { chunk as testChunk } from './testing/passages';
import { answerReply } from './testing/replies';

const chunk = (docId: string, title: string, section: string, text: string): Chunk =>
  testChunk(docId, slugify(section), title, section, text);
const MCRC = 'Metastatic colorectal cancer';
/** For CRC_INPUT (KRAS G12D, MSS, liver metastases, progression on first line): one passage applies. */
const APPLIES = chunk(
  'crc-metastatic',
  MCRC,
  'Second-line systemic therapy for mCRC',
  'After oxaliplatin, FOLFIRI with bevacizumab, aflibercept or ramucirumab; after irinotecan, FOLFOX. Anti-EGFR antibodies with FOLFIRI or irinotecan only in RAS wild-type tumours.'
);
const AGAINST = chunk(
  'crc-metastatic',
  MCRC,
  'Anti-EGFR rechallenge for RAS wild-type mCRC',
  'Cetuximab or panitumumab with irinotecan can be given again in RAS wild-type tumours.'
);
const OTHER_TUMOUR = chunk(
  'biliary',
  'Biliary tract cancer',
  'HER2-positive biliary tract cancer',
  'Zanidatamab is an option for HER2-positive biliary tract cancer after first-line therapy.'
);
const FIRST_LINE = chunk(
  'crc-metastatic',
  MCRC,
  'First-line systemic therapy for RAS-mutant or right-sided mCRC',
  'FOLFOX or FOLFIRI plus bevacizumab is the first-line standard.'
);
const ALL = [APPLIES, AGAINST, OTHER_TUMOUR, FIRST_LINE];
const retrieve = async (_q: string, k: number): Promise<Passage[]> =>
  ALL.slice(0, k).map((c, i) => ({ chunk: c, score: 10 - i, method: 'rerank' }));

const numbers = (user: string, kind: string): number[] => {
  const block = new RegExp(`<data kind="${kind}">\\n([\\s\\S]*?)\\n</data>`).exec(user)?.[1] ?? '';
  return [...block.matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]));
};

let openai: ScriptedOpenAI;
const prompts: Record<string, string> = {};
beforeAll(async () => {
  openai = await startScriptedOpenAI((body) => {
    const name = body.response_format?.json_schema?.name as string;
    const user = body.messages[1].content as string;
    prompts[name] = user;
    if (name !== 'cited_answer') return reply.json(answerReply({ name, system: body.messages[0].content, user }));
    // The model cites every source it saw, and some it did not (as a model that guesses numbers would).
    const shown = numbers(user, 'guideline-passages');
    const against = numbers(user, 'guideline-passages-against');
    const unseen = [1, 2, 3, 4].filter((n) => !shown.includes(n) && !against.includes(n));
    return reply.json({
      statements: [
        ...shown.map((n) => ({
          text: 'Second line is FOLFIRI with an anti-angiogenic agent.',
          citations: [String(n)],
        })),
        ...against.flatMap((n) => [
          { text: 'Cetuximab or panitumumab with irinotecan is an option.', citations: [String(n)] },
          { text: 'Anti-EGFR antibodies are not for this patient: the tumour is KRAS G12D.', citations: [String(n)] },
        ]),
        ...unseen.map((n) => ({
          text: 'Zanidatamab or FOLFOX plus bevacizumab is an option.',
          citations: [String(n)],
        })),
        { text: 'FOLFIRI with bevacizumab fits second line.', citations: [...shown, ...unseen].map(String) },
      ],
    });
  });
});
afterAll(async () => {
  await openai?.close();
});

describe('model answer scoped by the offline relevance rules', () => {
  it('shows the model only applicable passages and the options, and strips off-target citations from its reply', async () => {
    const model = createOpenAIModel({ baseUrl: openai.baseUrl, model: 'scripted-model', maxRetries: 0 });
    const out = await createAnswerer()(
      { ...CRC_INPUT, question: 'What are the options for the tumor board?' },
      { retrieve, model }
    );
    const prompt = prompts.cited_answer!;
    // Another tumour and a first-line section (the decision is about second line) never reach the model.
    expect(prompt).not.toContain('Zanidatamab');
    expect(prompt).not.toContain('FOLFOX or FOLFIRI plus bevacizumab is the first-line standard');
    expect(prompt).toMatch(/<data kind="guideline-passages-against">\n\[\d+\] .*Anti-EGFR rechallenge/);
    expect(prompt).toContain('excluded by KRAS G12D');
    expect(prompt).toMatch(
      /<data kind="tumour-board-options">\n- Applies: Second line: switch the chemotherapy backbone/
    );
    expect(prompt).toMatch(/- Not for this patient: Second line for RAS wild-type tumours.*because KRAS G12D/);

    const sourceOf = (c: number | string) => out.evidence.find((e) => e.n === c)?.sourceId;
    const answer = out.answer.statements.filter((s) => !/status is not in the record|could not run/.test(s.text));
    const cited = (text: string) => answer.filter((s) => s.text === text);
    // Off-target passages are cited nowhere in the answer.
    expect(out.evidence.map((e) => e.sourceId)).not.toContain('biliary#her2-positive-biliary-tract-cancer');
    expect(out.evidence.map((e) => e.sourceId).some((id) => id.includes('first-line'))).toBe(false);
    // A statement citing only off-target passages stays, unsupported and without citations.
    expect(cited('Zanidatamab or FOLFOX plus bevacizumab is an option.')).toEqual(
      expect.arrayContaining([expect.objectContaining({ citations: [], supported: false })])
    );
    // A mix keeps the passage that applies, and only that one.
    const mixed = cited('FOLFIRI with bevacizumab fits second line.')[0]!;
    expect(mixed.citations.map(sourceOf)).toEqual(['crc-metastatic#second-line-systemic-therapy-for-mcrc']);
    // A passage against may back "not for this patient", never the option as if it applied.
    const againstId = 'crc-metastatic#anti-egfr-rechallenge-for-ras-wild-type-mcrc';
    expect(
      cited('Anti-EGFR antibodies are not for this patient: the tumour is KRAS G12D.')[0]!.citations.map(sourceOf)
    ).toEqual([againstId]);
    expect(cited('Cetuximab or panitumumab with irinotecan is an option.')[0]).toMatchObject({
      citations: [],
      supported: false,
    });
    expect(out.answer.markdown).toMatch(
      /is an option\. \*\(not supported: source \d+ is for a group this patient is not in \(KRAS G12D\)/
    );
  });
});

// Test fixture: replies a scripted model gives to each signature of the answer pipeline, built from the prompt it
// received (the findings and passages in its data blocks), so a whole LLM-mode answer runs without a real model.
// One planted statement is unsupported and one cites a source that does not exist, to exercise the check.

/** The statement the judge always rejects (and the reviser cannot fix). */
export const UNSUPPORTED = 'Pembrolizumab cures every patient with this tumour.';
/** The statement written with a citation to a passage that does not exist. */
export const NONEXISTENT = 'A guideline recommends repeating the workup.';

export interface SignatureRequest {
  /** The response schema name (the signature). */
  name: string;
  system: string;
  user: string;
}

const block = (user: string, kind: string): string =>
  new RegExp(`<data kind="${kind}">\\n([\\s\\S]*?)\\n</data>`).exec(user)?.[1] ?? '';

function statementsFrom(user: string): { text: string; citations: string[] }[] {
  const findings = block(user, 'findings')
    .split('\n')
    .flatMap((line) => {
      const m = /^- \(\w+\) (.*?)((?: \[[^\]]+\])+)$/.exec(line);
      if (!m) return [];
      const citations = [...m[2]!.matchAll(/\[([^\]]+)\]/g)].flatMap((c) => c[1]!.split(/,\s*/));
      return [{ text: m[1]!.split(/(?<=\.)\s/)[0]!.slice(0, 240), citations }];
    });
  const passages = [...block(user, 'guideline-passages').matchAll(/^\[(\d+)\] .*\n(.+)$/gm)]
    .slice(0, 3)
    .map((m) => ({ text: m[2]!.split(/(?<=\.)\s/)[0]!.slice(0, 240), citations: [m[1]!] }));
  const first = passages[0]?.citations ?? [];
  return [
    ...findings.slice(0, 6),
    ...passages,
    { text: UNSUPPORTED, citations: first },
    { text: NONEXISTENT, citations: ['99'] },
  ];
}

/** The number of the first citable guideline passage in the prompt (those shown apply to the patient). */
const firstPassage = (user: string): string => /^\[(\d+)\] /m.exec(block(user, 'guideline-passages'))?.[1] ?? '1';

/**
 * The reply to one signature call.
 * @param req - Signature name and the messages.
 * @returns The JSON the model "answers".
 */
export function answerReply(req: SignatureRequest): unknown {
  switch (req.name) {
    case 'answer_sub_queries':
      return {
        queries: [
          'first-line systemic therapy options',
          'molecular testing recommendations',
          'RECIST 1.1 response criteria',
          'management of treatment toxicity',
          'second-line therapy after progression',
          'performance status and fitness for therapy',
          'resolving discordant biomarker results',
          'targeted therapy for actionable alterations',
          'immunotherapy for MSI-H tumours',
          'supportive and palliative care',
          'staging with AJCC 8th edition',
        ],
      };
    case 'answer_strategy':
      return {
        points: ['State the measured findings', 'Name matched therapies with levels', 'Quote the guidelines'],
        missing: ['Germline testing status is unknown'],
      };
    case 'cited_answer':
      return { statements: statementsFrom(req.user) };
    case 'citation_check': {
      const ids = [...req.user.matchAll(/^Statement (\d+): (.*)$/gm)];
      return {
        verdicts: ids.map((m) => ({
          id: Number(m[1]),
          supported: m[2] !== UNSUPPORTED,
          reason: m[2] === UNSUPPORTED ? 'the passage does not say this' : '',
        })),
      };
    }
    case 'revise_statements': {
      const items = [...req.user.matchAll(/^(\d+)\. (.*) \(cited: (.*?); problem: (.*)\)$/gm)];
      return {
        revisions: items.map((m) =>
          m[2] === NONEXISTENT
            ? { id: Number(m[1]), text: 'The guideline passages were reviewed.', citations: [firstPassage(req.user)] }
            : { id: Number(m[1]), text: m[2], citations: m[3] === 'none' ? [] : m[3]!.split(', ') }
        ),
      };
    }
    case 'follow_up_suggestions':
      return { suggestions: ['Confirm the measurements with a radiologist.', 'Complete the missing molecular tests.'] };
    default:
      throw new Error(`no scripted reply for ${req.name}`);
  }
}

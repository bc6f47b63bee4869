// Macroscopic tumor perforation (CAP colon and rectum resection: a full-thickness defect through the tumor), told from
// a perforation of the bowel elsewhere (diverticular, iatrogenic, away from the tumor), with negation kept to its
// clause and "cannot be assessed" answered as such. The depth of invasion lives in extent.ts.
import type { Doc, DocSentence } from '../../text/doc';
import type { Finding } from './anatomy';

const TUMOR = `(?:tumou?r|mass|lesion|carcinoma|growth|neoplasm)`;
/** Where a perforation lies away from the tumor, or has another cause than the tumor. */
const ELSEWHERE = new RegExp(
  String.raw`\b(?:proximal|distal) to the ${TUMOR}\b|\b(?:away|separate|distant|remote|apart) from the ${TUMOR}\b|\b\d+(?:[.,]\d+)?\s*(?:cm|mm)\s+(?:away\s+)?from the ${TUMOR}\b|\bnot (?:at|involving|through|related to) the ${TUMOR}\b|\bdiverticul\w*|\bunrelated to\b|\biatrogenic\b|\b(?:intra-?operative(?:ly)?|surgical(?:ly)?|during (?:the )?(?:operation|surgery|mobili[sz]ation))\b|\bappendi(?:x|ceal)\b|\banastomo\w*|\bstaple line\b|\b(?:diastatic|stercoral|distension|distention|ischa?emi\w*)\b`,
  'i'
);
/** The CAP answer "Cannot be determined": a perforation that cannot be assessed (a disrupted or fragmented specimen). */
const UNDETERMINED =
  /\b(?:cannot|can ?not|could not|unable to|not possible to|impossible to)\s+(?:be\s+)?(?:reliably\s+)?(?:determined?|assess(?:ed)?|evaluated?|excluded?|ruled? out)\b|\b(?:indeterminate|equivocal|uncertain|not assessable|unassessable|cannot be determined)\b/i;
/** Negation cues and the words that end their reach (ConText terminators: contrastive conjunctions, clause breaks). */
const NEG_BEFORE = /\b(?:no|without|absence of|negative for|nor|free of|neither)\b/i;
const CLAUSE_BREAK = /.*(?:;|\b(?:but|however|whereas|although|though|yet|while)\b)/is;
const NEG_AFTER = /^\W*(?:\w+[^\w;.]+){0,2}?(?:is|was|are|:|-)?\s*(?:not\b|no\b|absent|none|negative|nil\b)/i;
/** A full-thickness defect named without the word perforation: "a defect through the tumour". */
const DEFECT = new RegExp(
  String.raw`\b(?:full[- ]thickness\s+)?(?:defect|hole|breach|rupture)\s+(?:through|in|of|within)\s+(?:the\s+)?${TUMOR}\b`,
  'gi'
);
/** "A tumour … with a full-thickness defect through its antimesenteric aspect": "its" refers back to the tumor when
 * no bowel word stands between the tumor noun and the defect. */
const DEFECT_ITS = new RegExp(
  String.raw`\b${TUMOR}\b(?:(?!\b(?:colon|bowel|rectum|c(?:a)?ecum|segment|specimen|wall|ileum|appendix|diverticul\w*)\b)(?:[^.;]|\.\d))*?\b(?:full[- ]thickness\s+)?(?:defect|hole|breach|rupture)\s+(?:through|in|of|within)\s+its\b`,
  'gi'
);

/** "The tumour has ruptured"; "at the tumour there is a full-thickness defect": a full-thickness defect is a perforation. */
const RUPTURED = new RegExp(String.raw`\b${TUMOR}\s+(?:has\s+|had\s+|is\s+|was\s+)?ruptured\b`, 'gi');
const FULL_THICKNESS = /\bfull[- ]thickness\s+(?:defect|hole|breach|rupture|tear)\b/gi;

/** The serosa over the tumor described as intact: no full-thickness defect is there. */
const INTACT_SEROSA =
  /\b(?:serosa|serosal surface|peritoneal surface)\b[^.;]{0,40}?\b(?:is|are|appears?|remains?|:)\s*(?:grossly\s+)?(?:intact|unbreached|not perforated)\b|\bintact,?\s+not\s+perforated\b/i;

/** A perforation placed at the tumor. */
const AT_TUMOR = new RegExp(
  String.raw`\b(?:through|at|of|in|within|into)\s+the\s+(?:\w+\s+)?${TUMOR}\b|\b${TUMOR}\s+(?:has\s+|had\s+|is\s+|was\s+)?(?:perforat|site)|^\W*(?:\w+\s+)?${TUMOR}\b`,
  'i'
);

/** A bowel part other than the tumour opening the clause as its subject. */
const BOWEL_SUBJECT =
  /^\W*(?:the\s+)?(?:[\w-]+\s+)?(?:c(?:a)?ecum|colon|bowel|ileum|appendix|rectum|sigmoid)\s+(?:is|was|has|had|shows?|showed)\b/i;

type Verdict = 'Present' | 'Not identified' | 'Cannot be determined' | 'Elsewhere';

/** Reads one mention of perforation (or a full-thickness defect) at [at, end) in its clause. */
function readMention(t: string, at: number, end: number): Verdict {
  const start = t.lastIndexOf(';', at) + 1;
  const endRel = t.slice(end).search(/;/);
  const stop = endRel < 0 ? t.length : end + endRel;
  const clause = t.slice(start, stop);
  const after = t.slice(end, stop);
  // "Cannot be assessed" reaches the mention only within its phrase: not across "and", "but" or a comma.
  const near = `${t.slice(Math.max(start, at - 60), at).replace(/.*(?:,|\b(?:and|but)\b)/s, '')} ${after.slice(0, 50).replace(/(?:,|\b(?:and|but)\b).*/s, '')}`;
  if (UNDETERMINED.test(near)) return 'Cannot be determined';
  // "Perforation at tumour site: No": a field whose name holds the mention, answered after the colon.
  const field = /^[^:.;]{0,40}?:\s*([^;.]{1,60})/.exec(after);
  const answered = field && !/\b(?:is|was|are|were|has|have)\b/i.test(t.slice(end, end + field[0].indexOf(':')));
  const value = answered ? fieldValue({ index: -1, text: field[1]!, masked: field[1]! }) : undefined;
  // Only a denial or "cannot be assessed" is read so: a present perforation still needs its place.
  if (value && value !== 'Present') return value;
  // A negation before the mention reaches it only within its clause: "no obstruction, but the tumour has perforated".
  const window = t.slice(Math.max(start, at - 80), at);
  const before = window.replace(CLAUSE_BREAK, '');
  const prefixed = /^(?:non-?|un)/i.test(t.slice(at, end));
  if (prefixed || NEG_BEFORE.test(before) || NEG_AFTER.test(after) || /\bnot\s+(?:\w+\s+)?$/i.test(before))
    return 'Not identified';
  // "The caecum is distended and perforated because of the obstructing tumour": the bowel elsewhere is the subject
  // of the perforation, and the tumour only its cause.
  const lead = t.slice(start, at);
  const placed = new RegExp(
    String.raw`^\W*(?:\w+\s+){0,2}?(?:at|through|in|within)\s+the\s+(?:site\s+of\s+the\s+)?(?:\w+\s+)?${TUMOR}`,
    'i'
  ).test(after);
  if (BOWEL_SUBJECT.test(lead) && !new RegExp(TUMOR, 'i').test(lead) && !placed) return 'Elsewhere';
  // Named at the tumor ("perforation through the tumour", "the perforated carcinoma"): other findings of the clause
  // (diverticula elsewhere) do not move it.
  if (AT_TUMOR.test(near) && !ELSEWHERE.test(near)) return 'Present';
  return ELSEWHERE.test(clause) ? 'Elsewhere' : 'Present';
}

const EXPLAIN: Record<Exclude<Verdict, 'Elsewhere'>, string> = {
  Present: 'The report describes a perforation at the tumor.',
  'Not identified': 'The report states that there is no perforation.',
  'Cannot be determined': 'The report states that perforation cannot be assessed.',
};

/**
 * Macroscopic tumor perforation.
 * @param doc - The gross description.
 * @returns Present, Not identified or Cannot be determined with evidence, or undefined when the report does not say.
 */
export function findPerforation(doc: Doc): Finding<string> | undefined {
  let fallback: Finding<string> | undefined;
  for (const s of doc.sentences) {
    const t = s.masked;
    const its = [...t.matchAll(DEFECT_ITS)].map((m) => {
      // The mention is the defect itself, so negation and place are read around it.
      const at =
        m.index +
        m[0].search(/(?:full[- ]thickness\s+)?(?:defect|hole|breach|rupture)\s+(?:through|in|of|within)\s+its\b/i);
      return Object.assign([t.slice(at, m.index + m[0].length)], { index: at }) as unknown as RegExpExecArray;
    });
    // A full-thickness defect counts where its clause names the tumor and no other mention has placed it.
    const full = [...t.matchAll(FULL_THICKNESS)].filter(
      (m) =>
        !its.some((x) => x.index === m.index) &&
        ![...t.matchAll(DEFECT)].some((d) => d.index <= m.index && m.index < d.index + d[0].length) &&
        new RegExp(TUMOR, 'i').test(t.slice(t.lastIndexOf(';', m.index) + 1).split(';')[0]!)
    );
    const mentions = [
      ...t.matchAll(/\b(?:non-?|un)?perforat\w*/gi),
      ...t.matchAll(DEFECT),
      ...its,
      ...full,
      ...t.matchAll(RUPTURED),
    ].sort((a, b) => a.index - b.index);
    for (const m of mentions) {
      // "Tumour perforation:" as a field whose value is on the next line.
      const field = /^\s*:?\s*$/.test(t.slice(m.index + m[0].length))
        ? fieldValue(doc.sentences[s.index + 1])
        : undefined;
      if (field) return { value: field, sentences: [s, doc.sentences[s.index + 1]!], explanation: EXPLAIN[field] };
      const verdict = readMention(t, m.index, m.index + m[0].length);
      if (verdict !== 'Elsewhere') return { value: verdict, sentences: [s], explanation: EXPLAIN[verdict] };
      fallback ??= {
        value: 'Not identified',
        sentences: [s],
        explanation:
          'The perforation described lies away from the tumor or has another cause; it is not a tumor perforation.',
      };
    }
    if (!fallback && INTACT_SEROSA.test(t)) fallback = intact(s);
  }
  return fallback;
}

/** The value of a perforation field written on the line after its name. */
function fieldValue(next: DocSentence | undefined): Exclude<Verdict, 'Elsewhere'> | undefined {
  const v = next?.masked.trim() ?? '';
  if (UNDETERMINED.test(v) && v.length < 60) return 'Cannot be determined';
  if (/^(?:not (?:identified|seen|present)|no\b|absent|none|negative|nil)/i.test(v)) return 'Not identified';
  if (/^(?:present|yes|identified)\b/i.test(v)) return 'Present';
  return undefined;
}

function intact(s: DocSentence): Finding<string> {
  return {
    value: 'Not identified',
    sentences: [s],
    explanation: 'The serosa over the tumor is intact: there is no full-thickness defect.',
  };
}

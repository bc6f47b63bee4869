// The AJCC 8th lung T descriptors by invaded structure, and whether a sentence affirms invasion of a structure it
// names: ConText-style negation (a trigger before the structure with its scope ending at "but", ";" and the like, or
// a post-trigger after it), distances ("2 cm from the carina") and margins ("main bronchus margin") are not invasion.

/** Structures whose invasion raises T (AJCC 8th lung), with the least T each implies. */
export const STRUCTURES: { re: RegExp; t: string; why: string }[] = [
  {
    re: /\bdiaphragm\w*|\bmediastin(?:um|al)\b(?!\s+(?:lymph|nodes?|stations?|dissection|pleura|nodal|sampling|LN))|\bheart\b|\b(?:left |right )?atri(?:um|al)\b|\bmyocardi\w*|\bgreat vessels?\b|\baort\w*|\b(?:superior|inferior) vena cava\b|\bSVC\b|\bmain pulmonary artery\b|\bpulmonary trunk\b|\bintrapericardial\b|\btrachea\b|\bcarina\b|\bo?esophag\w*|\bvertebra\w*|\bspinal canal\b|\brecurrent laryngeal nerve\b|(?<!\blower trunk of (?:the )?)\bbrachial plexus\b|\bsubclavian (?:artery|vein|vessels?)\b|\bC[5-8] (?:nerve )?roots?\b|\b(?:upper|middle) trunk\b|\bneural foram\w*|\b(?:vertebral )?laminae?\b(?!\s+propria)/gi,
    t: 'T4',
    why: 'invasion of a T4 structure (diaphragm, mediastinum, heart, great vessels, trachea, carina, recurrent laryngeal nerve, oesophagus, vertebral body; superior sulcus: subclavian vessels, brachial plexus C8 or above, spinal canal)',
  },
  {
    // AJCC 8th superior sulcus tumors: T1 root, lower trunk, stellate ganglion and sympathetic chain are chest wall (T3).
    re: /\bT1 (?:nerve )?roots?\b|\blower trunk\b|\bstellate ganglion\b|\bsympathetic (?:chain|trunk|ganglia?)\b/gi,
    t: 'T3',
    why: 'superior sulcus tumor invading the T1 nerve root, lower trunk, stellate ganglion or sympathetic chain',
  },
  {
    re: /\bchest wall\b|\bribs?\b|\bintercostal\b|\bendothoracic fascia\b|\bparietal pleura\b|\bphrenic nerve\b|\b(?:parietal )?pericardi(?:um|al)\b(?!\s+(?:effusion|fluid|nodules?|sac fluid))/gi,
    t: 'T3',
    why: 'invasion of the chest wall, parietal pleura, phrenic nerve or parietal pericardium',
  },
  { re: /\bvisceral pleura\b/gi, t: 'T2a', why: 'visceral pleural invasion' },
  {
    re: /\b(?:(?:right|left)\s+)?main[- ]?(?:stem\s+)?bronch(?:us|i)\b/gi,
    t: 'T2a',
    why: 'main bronchus involvement (regardless of distance from the carina)',
  },
];

const INVASION_VERB =
  /\b(?:invad\w*|invasion|involv\w*|infiltrat\w*|extend\w*|extension|grow\w*|penetrat\w*|through|into|breach\w*|encas\w*)\b/gi;
const INVASION_VERB_ONE = /\b(?:invad\w*|invasion|involv\w*|infiltrat\w*|extend\w*|grow\w*|penetrat\w*|encas\w*)\b/i;
const AFTER_NEG =
  /^\s*(?:\([^)]*\)\s*)?(?:invasion|involvement|infiltration)?\s*(?::\s*|,?\s*(?:which\s+)?(?:is|are|was|were)\s+(?:\w+\s+)?)?(?:not|no|none|absent|negative|free|uninvolved|clear|intact|spared)\b|^[^;:]*:\s*(?:not|no|none|absent|negative)\b/i;
const NOUN_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:invasion|involvement|infiltration)\b|^[^;:]*:\s*(?:present|involved|invaded|identified|positive)\b|^\s*(?:is|are|was|were)\s+(?:\w+\s+)?(?:invaded|involved|infiltrated)\b/i;
/** Negation triggers; their scope runs to the structure unless a new finding (another verb) starts in between. */
const NEG_TRIGGER = /\b(?:no|not|without|free of|negative for|absence of|nor|never|rather than)\b/gi;
const NEG_HEAD =
  /^\s*(?:[\w-]+\s+)?(?:invad\w*|involv\w*|infiltrat\w*|extend\w*|penetrat\w*|invasion|involvement|extension|evidence)(?:\s+(?:of|into|to|through|the|by|invasion))*/i;

function negatedBefore(before: string): boolean {
  const trigger = [...before.matchAll(NEG_TRIGGER)].at(-1);
  if (!trigger) return false;
  const scope = before.slice(trigger.index + trigger[0].length).replace(NEG_HEAD, '');
  return !INVASION_VERB_ONE.test(scope) && !/\b(?:is|are|was|were|shows?|with)\b/i.test(scope);
}
const CLAUSE_BREAK = /;|\bbut\b|\bhowever\b|\balthough\b|\bthough\b|\bwhereas\b|\bwhile\b/gi;

/** The clause around a position: between `;`, adversative conjunctions or sentence ends. */
export function clauseBounds(t: string, at: number): [number, number] {
  let start = 0;
  let end = t.length;
  for (const m of t.matchAll(CLAUSE_BREAK)) {
    if (m.index + m[0].length <= at) start = m.index + m[0].length;
    else if (m.index >= at) {
      end = m.index;
      break;
    }
  }
  return [start, end];
}

/**
 * Whether a structure mention is affirmed as invaded (and not negated, a distance, a margin or mere proximity).
 * @param t - The sentence.
 * @param at - Where the structure is named.
 * @param len - The length of the name.
 * @returns True when the clause says the tumor invades it.
 */
export function invaded(t: string, at: number, len: number): boolean {
  const [start, end] = clauseBounds(t, at);
  const before = t.slice(start, at);
  const after = t.slice(at + len, end);
  if (/^\s*(?:resection\s+)?margins?\b/i.test(after)) return false;
  if (negatedBefore(before)) return false;
  if (AFTER_NEG.test(after)) return false;
  if (NOUN_AFTER.test(after)) return true;
  const verbs = [...before.matchAll(INVASION_VERB)];
  const last = verbs.at(-1);
  if (!last) return false;
  const between = before.slice(last.index);
  return (
    between.length <= 90 &&
    !/\b(?:from|near|close to|abut\w*|approach\w*|adjacent|toward\w*)\b|\d+(?:\.\d+)?\s*(?:cm|mm)\b/i.test(between)
  );
}

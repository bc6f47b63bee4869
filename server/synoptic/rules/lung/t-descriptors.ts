// The AJCC 8th lung T descriptors by invaded structure, and whether a sentence affirms invasion of a structure it
// names: ConText-style negation (a trigger before the structure with its scope ending at "but", ";" and the like, or
// a post-trigger after it), distances ("2 cm from the carina") and margins ("main bronchus margin") are not invasion.

/**
 * Structures whose invasion raises T (AJCC 8th lung), with the least T each implies. The pleura over the diaphragm
 * ("diaphragmatic pleura", "parietal pleura covering the diaphragm") is parietal pleura (T3); T4 needs the diaphragm.
 */
export const STRUCTURES: { re: RegExp; t: string; why: string; located?: boolean }[] = [
  {
    re: /(?<!\bpleura\w*\s+(?:covering|over(?:lying)?|of|lining|on|upon|at)\s+(?:the\s+)?)\bdiaphragm(?!atic (?:parietal )?pleura)\w*|\bmediastin(?:um|al)\b(?!\s+(?:lymph|nodes?|stations?|dissection|pleura|nodal|sampling|LN))|\bheart\b|\bvisceral pericardium\b|\bepicardi\w*|\b(?:left |right )?atri(?:um|al)\b|\bmyocardi\w*|\bgreat vessels?\b|\baort\w*|\b(?:superior|inferior) vena cava\b|\bSVC\b|\bmain pulmonary artery\b|\bpulmonary trunk\b|\bintrapericardial\b|\btrachea(?:l (?:wall|cartilages?|mucosa))?\b|\bcarina\b|\bo?esophag\w*|\bvertebra\w*|\bspinal canal\b|\brecurrent laryngeal nerve\b|(?<!\blower trunk of (?:the )?)\bbrachial plexus\b|\bsubclavian (?:artery|vein|vessels?)\b|\bC[5-8] (?:nerve )?roots?\b|\b(?:upper|middle) trunk\b|\bneural foram\w*|(?<!\belastic )\b(?:vertebral )?laminae?\b(?!\s+propria)/gi,
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
    re: /\bchest wall\b|\bribs?\b|\bintercostal\b|\bendothoracic fascia\b|\b(?:parietal|diaphragmatic) pleura\b|\bpleura\s+(?:covering|over(?:lying)?|lining|on|upon)\s+(?:the\s+)?(?:diaphragm|chest wall|ribs?)\b|\bphrenic nerve\b|(?<!\bvisceral )\b(?:parietal )?pericardi(?:um|al)\b(?!\s+(?:effusion|fluid|nodules?|sac fluid))/gi,
    t: 'T3',
    why: 'invasion of the chest wall, parietal (incl. diaphragmatic) pleura, phrenic nerve or parietal pericardium',
  },
  // PL1 (beyond the elastic layer) and PL2 (to the visceral pleural surface) are both visceral pleural invasion.
  {
    re: /\bvisceral pleural?\b|\belastic (?:layer|lamina)\b|(?<!\b(?:parietal|diaphragmatic|mediastinal) )\bpleural surface\b/gi,
    t: 'T2a',
    why: 'visceral pleural invasion',
  },
  {
    re: /\b(?:(?:right|left)\s+)?main[- ]?(?:stem\s+)?bronch(?:us|i)\b/gi,
    t: 'T2a',
    why: 'main bronchus involvement (regardless of distance from the carina)',
    located: true,
  },
];

/** The tumor sits in the structure ("arising in", "centred on", "within the right main bronchus"). */
const LOCATED_IN =
  /\b(?:in|within|centr?(?:ed|ered) (?:on|in)|arising (?:in|from)|located in|situated in|based in|occup\w+)\s+(?:the\s+)?$/i;
const TUMOR_NOUN = /\b(?:tumou?r|carcinoma|adenocarcinoma|neoplasm|mass|lesion|endobronchial)\b/i;

/**
 * Whether the clause places the tumor inside a structure (AJCC 8th: a tumor in the main bronchus is T2 whatever its
 * distance from the carina), as opposed to a distance or a margin.
 * @param t - The sentence.
 * @param at - Where the structure is named.
 * @returns True when a tumor noun is located in it.
 */
export function locatedIn(t: string, at: number): boolean {
  const [start] = clauseBounds(t, at);
  const before = t.slice(start, at);
  const after = t.slice(at, at + 60);
  return (
    LOCATED_IN.test(before) &&
    TUMOR_NOUN.test(t.slice(0, at)) &&
    !negatedBefore(before) &&
    !/^[\w\s-]*?\bmargins?\b/i.test(after)
  );
}

const INVASION_VERB =
  /\b(?:reach(?:es|ed|ing)?|invad\w*|invasion|involv\w*|infiltrat\w*|extend\w*|extension|grow\w*|penetrat\w*|through|into|breach\w*|encas\w*)\b/gi;
const INVASION_VERB_ONE =
  /\b(?:reach(?:es|ed|ing)?|invad\w*|invasion|involv\w*|infiltrat\w*|extend\w*|grow\w*|penetrat\w*|encas\w*)\b/i;
const AFTER_NEG =
  /^\s*(?:\([^)]*\)\s*)?(?:invasion|involvement|infiltration)?\s*(?::\s*|,?\s*(?:which\s+)?(?:is|are|was|were)\s+(?:\w+\s+)?)?(?:not|no|none|absent|negative|free|uninvolved|clear|intact|spared)\b|^[^;:]*:\s*(?:not|no|none|absent|negative)\b/i;
const NOUN_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:invasion|involvement|infiltration)\b|^[^;:]*:\s*(?:present|involved|invaded|identified|positive)\b|^\s*(?:is|are|was|were)\s+(?:\w+\s+)?(?:invaded|involved|infiltrated)\b/i;
const INVASION_FIELD =
  /\b(?:(?:direct )?(?:invasion|extension) (?:in)?to (?:the )?adjacent structures?|(?:direct )?invasion of (?:the )?adjacent structures?|adjacent structures? (?:invaded|involved)|structures? (?:directly )?invaded)\s*(?:\([^)]*\))?\s*:[^:]*$/i;
/** Negation triggers; their scope runs to the structure unless a new finding (another verb) starts in between. */
const NEG_TRIGGER = /\b(?:no|not|without|free of|negative for|absence of|nor|never|rather than)\b/gi;
const NEG_HEAD =
  /^\s*(?:[\w-]+\s+)?(?:reach\w*|invad\w*|involv\w*|infiltrat\w*|extend\w*|penetrat\w*|invasion|involvement|extension|evidence)(?:\s+(?:of|into|to|through|the|by|invasion))*/i;

function negatedBefore(before: string): boolean {
  const trigger = [...before.matchAll(NEG_TRIGGER)].at(-1);
  if (!trigger) return false;
  const scope = before.slice(trigger.index + trigger[0].length).replace(NEG_HEAD, '');
  return !INVASION_VERB_ONE.test(scope) && !/\b(?:is|are|was|were|shows?|with)\b/i.test(scope);
}
/** AJCC 8th general rule: where the category is uncertain, the lower one is assigned, so a hedged finding is not one. */
export const HEDGE =
  /\b(?:cannot be (?:excluded|ruled out|determined|assessed|evaluated)|cannot (?:exclude|rule out)|suspicious (?:for|of)|suspected|equivocal|indeterminate|questionable|uncertain|possible|possibly|not (?:definitely|clearly) (?:identified|seen)|not confirmed)\b/i;
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

/** A hedge in the comma-bounded part of the clause that names the structure. */
function hedged(t: string, at: number, len: number): boolean {
  const [start, end] = clauseBounds(t, at);
  const from = Math.max(start, t.lastIndexOf(',', at) + 1);
  const comma = t.indexOf(',', at + len);
  return HEDGE.test(t.slice(from, comma >= 0 && comma < end ? comma : end));
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
  if (AFTER_NEG.test(after) || hedged(t, at, len)) return false;
  if (NOUN_AFTER.test(after)) return true;
  // CAP field "Direct invasion of adjacent structures: parietal pleura; chest wall": each listed item is invaded.
  if (INVASION_FIELD.test(t.slice(0, at))) return true;
  const verbs = [...before.matchAll(INVASION_VERB)];
  const last = verbs.at(-1);
  if (!last) return false;
  const between = before.slice(last.index);
  return (
    between.length <= 90 &&
    !/\b(?:from|near|close to|abut\w*|approach\w*|adjacent|toward\w*)\b|\d+(?:\.\d+)?\s*(?:cm|mm)\b/i.test(between)
  );
}

// Depth of invasion of a colorectal carcinoma (CAP "tumor extent", AJCC 8 pT): each wall layer or structure the
// report names with the tumor, read with its relation ("into", "through", "confined to", "to within 2 mm of") and
// negation scope ("into but not through the muscularis propria"), the deepest affirmed level winning.
import type { Doc, DocSentence } from '../../text/doc';
import { isNegated } from '../../text/negation';
import type { Finding } from './anatomy';

/** CAP answer wording, shallowest first: the index is the depth. */
export const EXTENT_LEVELS = [
  'Intramucosal carcinoma (lamina propria or muscularis mucosae)',
  'Invades submucosa',
  'Invades muscularis propria',
  'Invades through muscularis propria into pericolorectal tissue',
  'Penetrates visceral peritoneum (serosa)',
  'Directly invades or adheres to adjacent structures',
] as const;

interface Layer {
  re: RegExp;
  /** Depth when the tumor reaches into the layer. */
  into: number;
  /** Depth when it goes through the layer. */
  through: number;
  /** Depth when it only comes close ("to within 2 mm of the serosa", "approaches the serosa"). */
  near?: number;
  /** A generic name ("bowel wall") counts only with "through" or "confined to". */
  generic?: boolean;
}

const FAT = '(?:fat|fatty tissues?|adipose(?: tissue)?|soft tissues?|tissues?|fibroadipose tissue)';
const ORGANS = String.raw`(?:urinary )?bladder|vesical|uterus|uterine|vagina\w*|prostat(?:e|ic)|seminal vesicles?|ureter\w*|urethra\w*|(?:loops? of )?small (?:bowel|intestine)|ileal loop|abdominal wall|ovar(?:y|ies|ian)|fallopian tubes?|adnex\w*|spleen|stomach|kidney|ureter|duodenum|liver|gall ?bladder|pancreas|sacrum|sacral|coccyx|skeletal muscle|pelvic (?:side ?)?wall|omentum|adjacent (?:organs?|structures?|viscera|bowel)|levator(?: ani)?(?: muscles?)?`;

/** Deepest first, so a longer name wins where two overlap ("muscularis mucosae" before "mucosa"). */
const LAYERS: Layer[] = [
  { re: new RegExp(String.raw`\b(?:${ORGANS})\b`, 'gi'), into: 5, through: 5 },
  {
    re: /\b(?:serosal? surface|serosa|visceral peritoneum|peritoneal (?:surface|covering|lining)|peritoneum)\b/gi,
    into: 4,
    through: 4,
    near: 3,
  },
  {
    re: new RegExp(
      String.raw`\b(?:(?:peri-?colic|peri-?colonic|peri-?rectal|mesorectal|mesocolic|subserosal|retroperitoneal|mesenteric|pericolorectal|serosal) ${FAT}|subserosa|mesorectum|mesocolon)\b`,
      'gi'
    ),
    into: 3,
    through: 3,
  },
  {
    re: /\b(?:muscularis propria|muscularis externa|muscle (?:wall|coat|layer)|muscular (?:wall|coat|layer)|muscle)\b/gi,
    into: 2,
    through: 3,
  },
  { re: /\b(?:(?:bowel|colonic|rectal|intestinal) )?wall\b/gi, into: 2, through: 3, generic: true },
  { re: /\bsubmucos(?:a|al layer)\b/gi, into: 1, through: 2 },
  { re: /\b(?:muscularis mucosae|lamina propria|mucosa|mucosal layer)\b/gi, into: 0, through: 1 },
];

/** What ties a layer to the tumor's growth, just before its name ("invades the", "into the overlying"). */
const RELATION =
  /\b(?:into|to|at|within|through|beyond|across|in|invad\w*|involv\w*|infiltrat\w*|penetrat\w*|perforat\w*|reach\w*|breach\w*|travers\w*|transgress\w*|abut\w*|approach\w*|(?:involvement|invasion|infiltration|extension|penetration) (?:of|into|to)|(?:full|entire) thickness of|continu\w* with|in continuity with)\s+(?:the\s+)?(?:(?!(?:and|or|with|of|but)\b)[\w-]+\s+){0,2}$/i;
const THROUGH_BEFORE =
  /\b(?:through|beyond|across|travers\w*|transgress\w*|breach\w*|perforat\w*|penetrat\w*(?!\s+into\b)(?:\s+through)?|(?:full|entire) thickness of)\s+(?:the\s+)?(?:(?!(?:and|or|with|of|but)\b)[\w-]+\s+){0,2}$/i;
/** "into, but not through, the muscularis propria": the tumor reaches the layer and stops in it. */
const INTO_NOT_THROUGH =
  /\b(?:into|in|to|within|involv\w*|invad\w*|infiltrat\w*|reach\w*)\s*,?\s*(?:but\s+)?(?:does\s+|did\s+)?not\s+(?:\w+\s+)?(?:through|beyond|across|breach\w*|penetrat\w*|transgress\w*)\s*,?\s*(?:the\s+)?$/i;
const NEAR_BEFORE =
  /\b(?:within\s+\d+(?:[.,]\d+)?\s*(?:cm|mm)\s+of|approach\w*|close to|near(?:ly)?)\s+(?:the\s+)?(?:[\w-]+\s+)?$/i;
/** A denied passage through a layer: "does not extend beyond", "has not breached", "without penetrating". */
const NOT_THROUGH =
  /\b(?:(?:does|did|has|have|had|is|was)\s+not|doesn't|hasn't|without)\s+(?:\w+\s+)?(?:extend\w*\s+)?(?:through|beyond|breach\w*|penetrat\w*|perforat\w*|transgress\w*|travers\w*)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?$/i;
/** Spread outside the muscularis propria named as such: "extramural spread of 4 mm", "extramural fat". */
const EXTRAMURAL =
  /\bextra-?mural (?:spread|extension|invasion|growth|depth|fat|tissue|tumou?r)\b(?![^;.]{0,30}?:?\s*\b0(?:\.0)?\s*mm\b)/i;
/** "Confined to the bowel wall": the tumor stays in the wall, so no deeper than the muscularis propria. */
const CONFINED_BEFORE = /\b(?:confined|limited|restricted)\s+to\s+(?:the\s+)?$/i;
/** A layer described as spared after its name: "the serosa is intact", "serosal surface: uninvolved". */
const SPARED_AFTER =
  /^\s*(?::|is|are|was|appears?|remains?|looks?|seems?)?\s*(?:grossly\s+|macroscopically\s+|entirely\s+)?(?:intact|uninvolved|unremarkable|smooth|spared|free|clear|not\s+(?:involved|breached|penetrated|invaded|reached)|negative)\b/i;
/** A layer named as involved after its name: "serosa: involved", "the visceral peritoneum is breached". */
const INVOLVED_AFTER =
  /^\s*(?:(?:overlying|over)\s+(?:the\s+)?(?:tumou?r|lesion|mass|growth)\s+)?(?::|is|are|was|appears?)?\s*(?:grossly\s+|focally\s+|macroscopically\s+)?(?:involved|invaded|breached|penetrated|infiltrated)\b|^\s*:\s*(?:invasive\s+)?(?:tumou?r|carcinoma|adenocarcinoma)(?:\s+cells)?\s+(?:is\s+|are\s+)?(?:present|seen|identified)\b/i;
/** "reaches the serosa but does not breach it": up to the layer and not through it. */
const NOT_THROUGH_AFTER =
  /^\s*,?\s*but\s+(?:does|did|has|had|is|was)\s*(?:not|n't)\s+(?:\w+\s+)?(?:breach\w*|penetrat\w*|perforat\w*|through|transgress\w*|cross\w*)/i;
/** "Serosal involvement: present", "there is serosal involvement by tumour". */
const SEROSAL_INVOLVEMENT =
  /\b(?:serosal|peritoneal|visceral peritoneal)\s+(?:involvement|invasion|penetration|breach)\b(?:\s*(?::|-)\s*(\w+(?:\s+\w+)?))?/i;
const TUMOR = /\b(?:tumou?rs?|mass|carcinoma|adenocarcinoma|lesion|growth|neoplasm|cancer|it|which)\b/i;
/** Something other than the tumor in the layer: lymph nodes in the fat, diverticula through the wall. */
const OTHER_SUBJECT =
  /\b(?:lymph nodes?|nodes?|diverticul\w*|vessels?|adhesions?|polyps?|deposits?|abscess|fistula|staples?|sutures?)\b/i;
/** An organ counts only when the tumor grows into it or sticks to it, not when it is merely attached to the specimen. */
const ORGAN_VERB =
  /\b(?:invad\w*|invasion|infiltrat\w*|adher\w*|fused|fixed|tethered|stuck|involv\w*|extend\w* into|grow\w* into|fistul\w*)\b/i;

interface Hit {
  level: number;
  s: DocSentence;
  how: string;
  /** "Confined to the bowel wall": an upper bound, not a layer; it counts only when no layer is named. */
  bound?: boolean;
}

function clauseAround(t: string, start: number, end: number): [number, number] {
  const from = Math.max(t.lastIndexOf(';', start), t.lastIndexOf('. ', start)) + 1;
  const stop = t.slice(end).search(/;|\.\s/);
  return [from, stop < 0 ? t.length : end + stop];
}

function organHit(t: string, start: number, end: number, layer: Layer, s: DocSentence): Hit | undefined {
  const [from, to] = clauseAround(t, start, end);
  const clause = t.slice(from, to);
  // "grows through the rectal wall into the seminal vesicle wall": growth into the organ named right before it.
  const into = /\binto\s+(?:the\s+)?(?:[\w-]+\s+){0,2}$/i.exec(t.slice(from, start));
  const verb = ORGAN_VERB.exec(clause) ?? (into ? Object.assign([into[0]], { index: into.index }) : null);
  if (!verb || !TUMOR.test(clause) || isNegated(t, from + verb.index, from + verb.index + verb[0].length)) return;
  if (isNegated(t, start, end) || NEAR_BEFORE.test(t.slice(from, start))) return;
  return { level: layer.into, s, how: 'adjacent structure' };
}

function layerHits(s: DocSentence, field: boolean): Hit[] {
  const t = s.masked;
  const taken: [number, number][] = [];
  const hits: Hit[] = [];
  for (const [i, layer] of LAYERS.entries()) {
    for (const m of t.matchAll(layer.re)) {
      const end = m.index + m[0].length;
      if (taken.some(([a, b]) => m.index < b && a < end)) continue;
      taken.push([m.index, end]);
      if (i === 0) {
        const h = organHit(t, m.index, end, layer, s);
        if (h) hits.push(h);
        continue;
      }
      const [from] = clauseAround(t, m.index, end);
      // "4 mm beyond the outer border of the muscularis propria": the border is the layer's own.
      // "to the surface of the visceral peritoneum": the surface is the layer's own.
      const before = t
        .slice(from, m.index)
        .replace(/\b(?:outer|external)?\s*(?:border|edge|limit)\s+of\s+(?:the\s+)?$/i, '')
        .replace(/\b(?:outer\s+|free\s+)?surface\s+of\s+(?:the\s+)?$/i, '');
      const after = t.slice(end, end + 60);
      if (SPARED_AFTER.test(after)) continue;
      // Into the serosa but not through it is up to it: the tumor stays in the subserosa (CAP pT3).
      if (INTO_NOT_THROUGH.test(before) || (RELATION.test(before) && NOT_THROUGH_AFTER.test(after))) {
        hits.push({ level: layer.near ?? layer.into, s, how: 'into but not through' });
        continue;
      }
      // "does not extend beyond / has not breached the muscularis propria": it reaches the layer and stops in it.
      // For the serosa, not through it is short of it: the tumor is at most in the subserosa.
      if (NOT_THROUGH.test(before)) {
        hits.push({ level: layer.near ?? layer.into, s, how: 'not through the layer' });
        continue;
      }
      if (isNegated(t, m.index, end) || /\bnot\s+(?:\w+\s+){0,3}$/i.test(before)) continue;
      // "tumour on the peritoneal surface": tumour seen on the serosa has penetrated it.
      if (
        layer.near !== undefined &&
        /\b(?:tumou?r|growth|carcinoma|it)\b[^;]{0,30}\bon\s+(?:the\s+)?$/i.test(before)
      ) {
        hits.push({ level: layer.into, s, how: 'on the serosal surface' });
        continue;
      }
      if (OTHER_SUBJECT.test(before) && !TUMOR.test(before)) continue;
      if (layer.near !== undefined && NEAR_BEFORE.test(before)) {
        hits.push({ level: layer.near, s, how: 'close to the layer' });
        continue;
      }
      const rel = RELATION.exec(before);
      // "lymph nodes in the pericolic fat": a bare "in" places the tumor only when the clause is about the tumor.
      const weakIn = rel && /^in\b/i.test(rel[0]) && !TUMOR.test(before);
      if (!((rel && !weakIn) || INVOLVED_AFTER.test(after) || field)) continue;
      const generic = layer.generic === true;
      const through = THROUGH_BEFORE.test(before);
      if (generic && !through && !CONFINED_BEFORE.test(before)) continue;
      hits.push({
        level: through ? layer.through : layer.into,
        s,
        how: through ? 'through the layer' : 'into the layer',
        ...(generic && !through ? { bound: true } : {}),
      });
    }
  }
  return hits;
}

const FIELD =
  /\b(?:depth(?: of (?:invasion|penetration|infiltration))?|(?:tumou?r |local )?extent(?: of invasion)?|deepest (?:point of )?invasion|level of invasion|invasion)\s*:/i;
const INTRAMUCOSAL =
  /\bintra-?mucosal (?:carcinoma|adenocarcinoma|tumou?r|invasion)\b|\b(?:confined|limited|restricted) to the mucosa\b/i;
/** "Transmural", "full-thickness tumor": through the muscularis propria, as far as the gross can tell. */
const TRANSMURAL = /\btransmural(?:ly)?\b|\bfull[- ]thickness (?:invasion|infiltration|tumou?r|growth)\b/i;

/**
 * The deepest level of invasion the report states.
 * @param doc - The gross description (or the whole report of an excision).
 * @returns The CAP level with evidence, or undefined when the report does not describe it.
 */
export function findExtent(doc: Doc): Finding<string> | undefined {
  let best: Hit | undefined;
  let bound: Hit | undefined;
  const consider = (h: Hit) => {
    if (h.bound) bound ??= h;
    else if (!best || h.level > best.level) best = h;
  };
  for (const s of doc.sentences) {
    const t = s.masked;
    const field = FIELD.test(t);
    for (const h of layerHits(s, field)) consider(h);
    const si = SEROSAL_INVOLVEMENT.exec(t);
    const siValue = si?.[1];
    const siAffirmed = siValue ? /^(?:present|yes|identified|seen)\b/i.test(siValue) : si !== null;
    if (si && siAffirmed && !isNegated(t, si.index, si.index + si[0].length))
      consider({ level: 4, s, how: 'serosal involvement' });
    const im = INTRAMUCOSAL.exec(t);
    if (im && !isNegated(t, im.index, im.index + im[0].length)) consider({ level: 0, s, how: 'intramucosal' });
    const em = EXTRAMURAL.exec(t);
    if (em && !isNegated(t, em.index, em.index + em[0].length)) consider({ level: 3, s, how: 'extramural spread' });
    const tm = TRANSMURAL.exec(t);
    if (tm && !isNegated(t, tm.index, tm.index + tm[0].length)) consider({ level: 3, s, how: 'transmural' });
  }
  best ??= bound;
  if (!best) return undeterminedDepth(doc);
  const b: Hit = best;
  return {
    value: EXTENT_LEVELS[b.level]!,
    sentences: [b.s],
    explanation: `Deepest level stated (${b.how}); the gross impression is to be confirmed microscopically.`,
  };
}

/** "The depth of invasion cannot be assessed grossly": the CAP answer "Cannot be determined". */
const DEPTH_UNDETERMINED =
  /\b(?:depth|extent|level) of (?:invasion|infiltration|penetration)\b[^.;]{0,40}?\b(?:cannot|can ?not|could not|unable to|not possible to)\s+(?:be\s+)?(?:assess\w*|determin\w*|evaluat\w*)|\b(?:depth|extent) of (?:invasion|infiltration)\s*:\s*(?:cannot be (?:assessed|determined)|indeterminate)\b/i;

function undeterminedDepth(doc: Doc): Finding<string> | undefined {
  const s = doc.sentences.find((x) => DEPTH_UNDETERMINED.test(x.masked));
  return s
    ? {
        value: 'Cannot be determined',
        sentences: [s],
        explanation: 'The report states that the depth cannot be assessed.',
      }
    : undefined;
}

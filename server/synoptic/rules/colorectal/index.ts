// The offline extractor of the CAP colon and rectum resection template: every item from the gross description,
// each with the sentences that support it, and the derived items (closest margin, status) reasoned from the distances.

import type { Answers, ItemAnswer } from '../../../../common/contracts';
import { type Doc, type DocSentence, makeDoc, noAnswer, ruleAnswer } from '../../text/doc';
import { formatCm } from '../../text/measure';
import { findingSections } from '../../text/sections';
import { TUMOR_NOUN } from '../../text/sentences';
import { type Finding, findProcedure, findSite } from './anatomy';
import { findExtent } from './extent';
import { checklistLines } from './field-lines';
import { readLayout } from './layout';
import { type DistanceFinding, findMargins, MARGIN_KINDS, type MarginKind } from './margins';
import { findMesorectum, findReflection } from './rectal';
import { colorectalScope, extractNonResection } from './scope';
import { findColorectalSize } from './size';
import { findPerforation } from './wall';

const CLOSEST_DISPLAY: Record<MarginKind, string> = {
  proximal: 'Proximal',
  distal: 'Distal',
  radial: 'Radial (circumferential) or mesenteric',
};

const BOWEL = /\b(?:colon|rectum|c(?:a)?ecum|specimen)\b/i;

const fromFinding = (f: Finding<string> | undefined, none: string): ItemAnswer =>
  f ? ruleAnswer(f.value, f.sentences, f.explanation) : noAnswer(none);

function distanceAnswer(kind: MarginKind, f: DistanceFinding | undefined): ItemAnswer {
  if (!f) return noAnswer(`The report gives no distance to the ${kind} margin.`);
  const why =
    f.cm === 0
      ? `The tumor reaches the ${kind} margin: 0 cm.`
      : `${formatCm(f.cm)} cm to the ${kind} margin (${f.how}).`;
  return ruleAnswer(f.cm, [f.sentence], why);
}

function closestAnswer(
  distances: Partial<Record<MarginKind, DistanceFinding>>,
  stated: { kind: MarginKind; sentence: DocSentence } | undefined,
  far?: Partial<Record<MarginKind, { sentence: DocSentence; min?: number }>>
): ItemAnswer {
  if (stated)
    return ruleAnswer(
      CLOSEST_DISPLAY[stated.kind],
      [stated.sentence],
      `The report names the ${stated.kind} margin as closest.`
    );
  const known = MARGIN_KINDS.filter((k) => distances[k]).map((k) => ({ k, f: distances[k]! }));
  // CAP: the closest margin is the one at the smallest distance; margins stated to be well clear are farther than
  // any that has a distance, so a single distance is the closest when every other margin is stated well clear.
  // A margin with only a lower bound ("more than 5 cm") is farther when the bound exceeds the one distance.
  const only = known.length === 1 ? known[0]! : undefined;
  const farKinds = MARGIN_KINDS.filter((k) => {
    const f = far?.[k];
    return !distances[k] && f && (f.min === undefined || (only !== undefined && f.min > only.f.cm));
  });
  if (only && known.length + farKinds.length === MARGIN_KINDS.length) {
    return ruleAnswer(
      CLOSEST_DISPLAY[only.k],
      [only.f.sentence, ...farKinds.map((k) => far![k]!.sentence)],
      `The ${only.k} margin is the only one with a distance (${formatCm(only.f.cm)} cm); the others are stated to be well clear.`
    );
  }
  if (known.length < 2)
    return noAnswer('Fewer than two margin distances are given, so the closest margin cannot be compared.');
  const min = Math.min(...known.map((x) => x.f.cm));
  const at = known.filter((x) => x.f.cm === min);
  if (at.length > 1)
    return noAnswer(`The ${at.map((x) => x.k).join(' and ')} margins are equally close (${formatCm(min)} cm).`);
  const list = known.map((x) => `${x.k} ${formatCm(x.f.cm)} cm`).join(', ');
  const partial = known.length < 3 ? ' (of the distances given)' : '';
  return ruleAnswer(
    CLOSEST_DISPLAY[at[0]!.k],
    known.map((x) => x.f.sentence),
    `Smallest distance${partial}: ${list}.`
  );
}

/** "The margins cannot be assessed (the specimen is fragmented)". */
const MARGINS_UNDETERMINED =
  /\bmargins?\b[^.;]{0,40}?\b(?:cannot|can ?not|could not|unable to|not possible to)\s+(?:be\s+)?(?:reliably\s+)?(?:assess\w*|determin\w*|evaluat\w*)|\bmargins?(?: status)?\s*:\s*(?:cannot be (?:assessed|determined)|indeterminate)\b/i;

function statusAnswer(
  distances: Partial<Record<MarginKind, DistanceFinding>>,
  stated: { involved: boolean; sentence: DocSentence } | undefined,
  undetermined?: DocSentence
): ItemAnswer {
  const zero = MARGIN_KINDS.find((k) => distances[k]?.cm === 0);
  if (zero)
    return ruleAnswer('Involved by tumor', [distances[zero]!.sentence], `The tumor reaches the ${zero} margin (0 cm).`);
  if (stated)
    return ruleAnswer(
      stated.involved ? 'Involved by tumor' : 'Uninvolved by tumor',
      [stated.sentence],
      'The report states the margin status.'
    );
  const known = MARGIN_KINDS.filter((k) => distances[k]);
  if (known.length === 0 && undetermined)
    return ruleAnswer('Cannot be determined', [undetermined], 'The report states that the margins cannot be assessed.');
  if (known.length === 0) return noAnswer('No margin distance or margin status is given.');
  return ruleAnswer(
    'Uninvolved by tumor',
    known.map((k) => distances[k]!.sentence),
    `Every distance given is above 0 cm (${known.join(', ')}).`
  );
}

/**
 * Extracts the colorectal template from a report.
 * @param report - The full report text.
 * @returns Answers by linkId and issues (no gross description; a specimen that is not a resection).
 */
export function extractColorectal(report: string): { answers: Answers; issues: string[] } {
  const scope = colorectalScope(report);
  const { kind } = scope.specimen;
  if (kind !== 'resection' && kind !== 'unclear') return extractNonResection(scope);
  if (scope.fatal) return { answers: {}, issues: [scope.fatal] };
  // Only a resection has a procedure to name or infer; an unclear specimen must not get one from its site.
  const doc: Doc = readLayout(makeDoc(scope.text));
  if (!doc.sentences.some((s) => TUMOR_NOUN.test(s.masked) || BOWEL.test(s.masked)))
    return { answers: {}, issues: ['No gross description of a colorectal resection was recognised in the text.'] };
  if (kind === 'unclear') return extractNonResection(scope);
  const procedure = findProcedure(doc);
  const site = findSite(doc, procedure?.value);
  const rightSided =
    procedure?.value === 'Right hemicolectomy' || /\bileum\b|\bileal\b|\bsmall (?:bowel|intestin\w*)\b/i.test(doc.text);
  const margins = findMargins(doc, rightSided);
  // CAP reports margin distances in the Margins section, often from microscopy: a distance the gross description
  // does not give is read from the findings sections (microscopy, diagnosis, synoptic summary).
  let next = doc.sentences.length;
  const findings: DocSentence[] = [];
  // Checklist lines anywhere in the report come last: they fill only what the sections left open.
  const checklist = checklistLines(report);
  const extra = checklist ? [{ text: checklist }] : [];
  for (const sec of [...findingSections(report), ...extra]) {
    // Numbered after the gross sentences, so evidence from both keeps every quoted sentence.
    const d = readLayout(makeDoc(sec.text));
    const sectionDoc: Doc = { ...d, sentences: d.sentences.map((x) => ({ ...x, index: x.index + next })) };
    next += d.sentences.length;
    findings.push(...sectionDoc.sentences);
    const more = findMargins(sectionDoc, rightSided);
    for (const k of MARGIN_KINDS) margins.distances[k] ??= more.distances[k];
    margins.closest ??= more.closest;
  }
  // CAP: the size is measured grossly, or microscopically when the gross description gives none.
  const size = findColorectalSize(doc.sentences) ?? findColorectalSize(findings);
  const answers: Answers = {
    // CAP "Not specified": a resection whose report neither names the operation nor shows tissue that identifies it.
    procedure: procedure
      ? fromFinding(procedure, '')
      : ruleAnswer(
          'Not specified',
          scope.specimen.sentences,
          'The report neither names the procedure nor describes tissue that identifies it.'
        ),
    'tumor-site': fromFinding(site, 'The report does not say where the tumor is.'),
    perforation: fromFinding(findPerforation(doc), 'The report does not mention perforation.'),
    'tumor-size': size
      ? ruleAnswer(size.cm, [size.sentence], `Greatest dimension ${formatCm(size.cm)} cm (${size.how}).`)
      : noAnswer('No tumor measurement is given.'),
  };
  for (const kind of MARGIN_KINDS) answers[`distance-${kind}`] = distanceAnswer(kind, margins.distances[kind]);
  answers['closest-margin'] = closestAnswer(margins.distances, margins.closest, margins.far);
  answers['margin-status'] = statusAnswer(
    margins.distances,
    margins.stated,
    doc.sentences.find((x) => MARGINS_UNDETERMINED.test(x.masked))
  );

  if (site?.value === 'Rectum') {
    answers.mesorectum = fromFinding(findMesorectum(doc), 'The mesorectum is not graded or described.');
    const distal = margins.distances.distal;
    const lower = distal ? { cm: distal.cm, sentence: distal.sentence } : undefined;
    const sizeRef = size ? { cm: size.cm, sentence: size.sentence } : undefined;
    answers['rectal-location'] = fromFinding(
      findReflection(doc, lower, margins.span?.to, sizeRef),
      'The position of the tumor relative to the peritoneal reflection is not described.'
    );
  } else if (site) {
    const why = `Only for rectal primaries; the site is ${site.value}.`;
    answers.mesorectum = ruleAnswer('Not applicable', site.sentences, why);
    answers['rectal-location'] = ruleAnswer('Not applicable', site.sentences, why);
  } else {
    answers.mesorectum = noAnswer('Depends on the tumor site, which is not known.');
    answers['rectal-location'] = noAnswer('Depends on the tumor site, which is not known.');
  }
  const extent = findExtent(doc);
  if (extent) answers['tumor-extent'] = fromFinding(extent, '');
  else answers['tumor-extent'] = noAnswer('The gross description does not state the depth of invasion.');
  return { answers, issues: [] };
}

// The offline extractor of the CAP colon and rectum resection template: every item from the gross description,
// each with the sentences that support it, and the derived items (closest margin, status) reasoned from the distances.

import type { Answers, ItemAnswer } from '../../../../common/contracts';
import { type Doc, type DocSentence, noAnswer, ruleAnswer } from '../../text/doc';
import { formatCm } from '../../text/measure';
import { findingSections } from '../../text/sections';
import { TUMOR_NOUN } from '../../text/sentences';
import { type Finding, findProcedure, findSite } from './anatomy';
import { findDepth } from './depth';
import { checklistLines } from './field-lines';
import { readLayout } from './layout';
import { closestAnswer, distanceAnswer, MARGINS_UNDETERMINED, statusAnswer } from './margin-answers';
import { findMargins, MARGIN_KINDS } from './margins';
import { pickHighestT } from './multiple';
import { findMesorectum, findReflection } from './rectal';
import { colorectalScope, extractNonResection } from './scope';
import { colorectalDoc } from './shorthand';
import { findColorectalSize } from './size';
import { findPerforation } from './wall';

const BOWEL = /\b(?:colon|rectum|c(?:a)?ecum|specimen)\b/i;

const fromFinding = (f: Finding<string> | undefined, none: string): ItemAnswer =>
  f ? ruleAnswer(f.value, f.sentences, f.explanation) : noAnswer(none);

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
  const doc: Doc = readLayout(colorectalDoc(scope.text));
  if (!doc.sentences.some((s) => TUMOR_NOUN.test(s.masked) || BOWEL.test(s.masked)))
    return { answers: {}, issues: ['No gross description of a colorectal resection was recognised in the text.'] };
  if (kind === 'unclear') return extractNonResection(scope);
  const procedure = findProcedure(doc);
  const firstSite = findSite(doc, procedure?.value);
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
    const d = readLayout(colorectalDoc(sec.text));
    const sectionDoc: Doc = { ...d, sentences: d.sentences.map((x) => ({ ...x, index: x.index + next })) };
    next += d.sentences.length;
    findings.push(...sectionDoc.sentences);
    const more = findMargins(sectionDoc, rightSided);
    for (const k of MARGIN_KINDS) margins.distances[k] ??= more.distances[k];
    margins.closest ??= more.closest;
  }
  // Several primaries: the site, size and extent are those of the one with the highest T (AJCC 8).
  const several = pickHighestT(doc, findings);
  const site = (several && findSite(several.doc, procedure?.value)) ?? firstSite;
  // CAP: the size is measured grossly, or microscopically when the gross description gives none.
  const size = findColorectalSize(doc.sentences) ?? findColorectalSize(findings);
  const perforation = findPerforation(doc);
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
    perforation: fromFinding(perforation, 'The report does not mention perforation.'),
    'tumor-size': size
      ? ruleAnswer(size.cm, [size.sentence], `Greatest dimension ${formatCm(size.cm)} cm (${size.how}).`)
      : noAnswer('No tumor measurement is given.'),
  };
  for (const kind of MARGIN_KINDS) answers[`distance-${kind}`] = distanceAnswer(kind, margins.distances[kind]);
  answers['closest-margin'] = closestAnswer(margins.distances, margins.closest, margins.far, margins.unnamedEnds);
  answers['margin-status'] = statusAnswer(
    margins.distances,
    margins.stated,
    doc.sentences.find((x) => MARGINS_UNDETERMINED.test(x.masked)),
    margins.convention
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
  const extent = findDepth(doc, findings, perforation);
  if (extent) answers['tumor-extent'] = fromFinding(extent, '');
  else answers['tumor-extent'] = noAnswer('The gross description does not state the depth of invasion.');
  if (!several) return { answers, issues: [] };
  if (several.extent) answers['tumor-extent'] = fromFinding(several.extent, '');
  if (several.size)
    answers['tumor-size'] = ruleAnswer(
      several.size.cm,
      [several.size.sentence],
      `Greatest dimension ${formatCm(several.size.cm)} cm of tumour ${several.label} (${several.size.how}).`
    );
  return { answers, issues: [several.issue] };
}

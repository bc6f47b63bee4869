// What the CAP resection template may answer for a specimen that is not a resection (a biopsy, polypectomy,
// endoscopic or local excision, or an unclear specimen): the resection-only items stay unanswered with the reason,
// and only what the text states (site, perforation, size and extent of an excised lesion) is kept. Shared by the
// rules extractor and the LLM loop, so both leave the same items alone.

import type { Answers, ItemAnswer } from '../../../../common/contracts';
import { type Doc, noAnswer, ruleAnswer } from '../../text/doc';
import { grossEnd, hasSectionHeading, looseGrossSection } from '../../text/gross-heading';
import { formatCm } from '../../text/measure';
import { findingSections, grossSection } from '../../text/sections';
import { type Finding, findSite } from './anatomy';
import { findExtent } from './extent';
import { readLayout } from './layout';
import { colorectalDoc } from './shorthand';
import { findColorectalSize } from './size';
import { classifySpecimen, type SpecimenFinding, specimenIssue, specimenNoun } from './specimen';
import { findPerforation } from './wall';

/** Items that describe a resected bowel segment. */
export const RESECTION_ONLY = [
  'procedure',
  'mesorectum',
  'rectal-location',
  'distance-proximal',
  'distance-distal',
  'distance-radial',
  'closest-margin',
  'margin-status',
] as const;

const WHY: Record<string, string> = {
  procedure: 'no resection procedure applies, and none is inferred from the site',
  mesorectum: 'the mesorectum is graded only on a mesorectal excision',
  'rectal-location': 'the relation to the peritoneal reflection is assessed on a resected rectum',
  'distance-proximal': 'margin distances are measured on a resected bowel segment',
  'distance-distal': 'margin distances are measured on a resected bowel segment',
  'distance-radial': 'margin distances are measured on a resected bowel segment',
  'closest-margin': 'the proximal, distal and radial margins are those of a resected bowel segment',
  'margin-status':
    "the template's margins are those of a resected bowel segment (report this specimen's margins separately)",
  'tumor-size': 'biopsy fragments sample the tumor and do not measure it',
  'tumor-extent': 'a biopsy does not show the deepest level of invasion',
};

/**
 * The unanswered resection-only items of a specimen that is not a resection.
 * @param f - The specimen finding (not a resection).
 * @returns Null answers with the reason, by linkId (tumor size and extent too for a biopsy).
 */
export function notApplicable(f: SpecimenFinding): Answers {
  const ids: string[] = [...RESECTION_ONLY, ...(f.kind === 'biopsy' ? ['tumor-size', 'tumor-extent'] : [])];
  const lead =
    f.kind === 'unclear' ? 'The specimen type is unclear' : `The specimen is ${specimenNoun(f.kind)}, not a resection`;
  return Object.fromEntries(ids.map((id) => [id, noAnswer(`${lead}: ${WHY[id]}.`)]));
}

export interface ColorectalScope {
  specimen: SpecimenFinding;
  /** The issue to report when the specimen is not a resection. */
  issue?: string;
  /** Answers fixed before extraction (unanswered resection-only items). */
  fixed: Answers;
  /** What the items read: the gross description of a resection, else the whole report (the specimen line names the site). */
  text: string;
  /** Set when nothing can be read (a sectioned resection report without a gross description). */
  fatal?: string;
}

/**
 * Classifies the specimen of a report, fixes the items that do not apply to it and picks the text to read.
 * @param report - The whole report text.
 * @returns The specimen, its issue, the fixed answers (none for a resection) and the text to read.
 */
export function colorectalScope(report: string): ColorectalScope {
  const specimen = classifySpecimen(report);
  const issue = specimenIssue(specimen);
  const head = { specimen, fixed: issue ? notApplicable(specimen) : {}, ...(issue ? { issue } : {}) };
  // A biopsy or excision is named on the specimen line, outside any gross description: read the whole report.
  if (specimen.kind !== 'resection' && specimen.kind !== 'unclear') return { ...head, text: report };
  const strict = grossSection(report);
  // The strict finder ends the gross description at any known heading word ("PROCEDURE:", "NOTE:" inside it): it runs
  // on to the next heading of another part of the report.
  const full = strict.offset > 0 ? { text: report.slice(strict.offset, grossEnd(report, strict.offset)) } : strict;
  // Without a gross description the strict finder takes: a loosely written heading ("GROSS DESCRIPTION" without a
  // colon, "GROSS EXAMINATION - …"), else a synoptic summary (it states the template's items itself), else the whole
  // report when what looked like headings are only fields ("Macroscopic tumour perforation:" with its value below).
  const whole = hasSectionHeading(report) ? undefined : { text: report };
  const gross = strict.issue ? (looseGrossSection(report) ?? synopticSection(report) ?? whole ?? strict) : full;
  if (gross === strict && strict.issue) return { ...head, text: '', fatal: strict.issue };
  return { ...head, text: specimen.kind === 'unclear' ? report : gross.text };
}

/** A synoptic (checklist) summary section: CAP's own items, written as fields. */
function synopticSection(report: string): { text: string } | undefined {
  return findingSections(report).find((sec) => /^(?:synoptic|summary)/i.test(sec.name) && sec.text.trim());
}

const stated = (f: Finding<string> | undefined, fallback: string): ItemAnswer =>
  f ? ruleAnswer(f.value, f.sentences, f.explanation) : noAnswer(fallback);

/**
 * Extracts what a non-resection report states: the site (of the biopsy or excised lesion), a perforation when
 * described, and for excisions the lesion's size and depth; the resection-only items stay unanswered.
 * @param scope - The scope from `colorectalScope` (not a resection): the whole report is read.
 * @returns Answers by linkId and the specimen issue.
 */
export function extractNonResection(scope: ColorectalScope): { answers: Answers; issues: string[] } {
  const doc: Doc = readLayout(colorectalDoc(scope.text));
  const site = findSite(doc, undefined);
  const where =
    scope.specimen.kind === 'biopsy' ? ' This is the site of the biopsy.' : ' This is where the specimen was taken.';
  const answers: Answers = {
    'tumor-site': stated(
      site && { ...site, explanation: site.explanation + where },
      'The report does not say where the tumor is.'
    ),
    perforation: stated(findPerforation(doc), 'The report does not describe a perforation.'),
  };
  if (scope.specimen.kind !== 'biopsy') {
    const size = findColorectalSize(doc.sentences);
    answers['tumor-size'] = size
      ? ruleAnswer(size.cm, [size.sentence], `Greatest dimension ${formatCm(size.cm)} cm (${size.how}).`)
      : noAnswer('No tumor measurement is given.');
    answers['tumor-extent'] = stated(findExtent(doc), 'The report does not state the depth of invasion.');
  }
  return { answers: { ...answers, ...scope.fixed }, issues: scope.issue ? [scope.issue] : [] };
}

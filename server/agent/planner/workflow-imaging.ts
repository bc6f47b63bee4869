// Two imaging rules of the workflow that span tools. Segmentation never replaces reading the report: it measures only
// the marked targets, while a report that compares with earlier imaging also judges new and non-target lesions, which
// decide RECIST progression on their own. And a RECIST response needs a treatment before the later scan and two
// comparable scans (same modality and body region): staging scans of different regions are one time point.
import type { PlannedCall } from '../../../common/contracts';
import { radiologyReportContract } from '../../../common/contracts/tools';
import type { RecordFacts } from '../record/facts';
import type { TimePoint } from '../record/imaging';
import { isImagingText, reportLesions } from './report-measurements';

/** The report compares with earlier imaging or states an overall reading (not "no comparison available"). */
const COMPARES =
  /\b(new|grow\w*|growth|increas\w*|decreas\w*|enlarg\w*|shrink\w*|smaller|larger|progress\w*|regress\w*|respon\w*|stable|unchanged|compared?|comparison|previous\w*|prior|interval|sum of)\b/i;
const NO_COMPARISON = /\bno (?:prior|previous|earlier|comparison|comparative)\b|\bnot (?:available|compared)\b/i;

function comparesWithPrior(text: string): boolean {
  return text.split(/(?<=[.;])\s+|\n/).some((s) => {
    const m = COMPARES.exec(s);
    return !!m && !NO_COMPARISON.test(s) && !/\bno new\b/i.test(s.slice(0, m.index + m[0].length));
  });
}

/**
 * A radiology_report call for marked studies whose report reads more than the marks (segmentation is planned and
 * the newest marked time point's report compares with earlier imaging), when no reading is planned yet.
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @param planned - The calls the tools' rules planned.
 * @param nextId - Issues the call id.
 * @returns The call, or undefined.
 */
export function reportReadingCall(
  facts: RecordFacts,
  question: string,
  planned: readonly PlannedCall[],
  nextId: () => string
): PlannedCall | undefined {
  if (planned.some((c) => c.tool === radiologyReportContract.name)) return undefined;
  if (!planned.some((c) => c.tool === 'segment_lesion')) return undefined;
  const marked = facts.imaging.filter((t) => t.lesions.length > 0);
  const latest = marked.at(-1);
  const text = (ref: string) => facts.texts.find((t) => t.ref === ref)?.text ?? '';
  const report = latest?.reports.find((r) => comparesWithPrior(text(r)));
  if (!latest || !report) return undefined;
  const points = [...new Set([marked[0]!, latest])];
  const images = points.map((t: TimePoint) => ({
    image: t.lesions[0]?.image ?? t.keyImage!,
    label: `${t.modality ?? 'Image'} ${t.date ?? ''} ${t.description}`.trim().slice(0, 100),
    ...(t.date && /^\d{4}-\d{2}-\d{2}$/.test(t.date) ? { date: t.date } : {}),
  }));
  return {
    id: nextId(),
    tool: radiologyReportContract.name,
    args: { images, ...(question ? { question: question.slice(0, 1000) } : {}) },
    reason:
      `Segmentation measures only the marked lesions; ${report} compares with earlier imaging (new and non-target ` +
      'lesions decide progression on their own): read the report and its images as well',
  };
}

/**
 * One reading per workup: when the radiology_report rule also plans a call (for unmarked studies) beside the reading
 * of the marked ones, its images join the first call (at most six) and the later call is left out.
 * @param calls - The calls planned so far.
 * @returns The calls with at most one radiology_report call.
 */
export function oneReading(calls: PlannedCall[]): PlannedCall[] {
  const readings = calls.filter((c) => c.tool === radiologyReportContract.name);
  if (readings.length < 2) return calls;
  const [first, ...rest] = readings as [PlannedCall, ...PlannedCall[]];
  type Args = { images: { image: string }[] };
  const images = [...readings.flatMap((c) => (c.args as Args).images)];
  const unique = images.filter((x, i) => images.findIndex((y) => y.image === x.image) === i).slice(-6);
  const merged = {
    ...first,
    args: { ...(first.args as Record<string, unknown>), images: unique },
    reason: readings.map((c) => c.reason).join('; '),
  };
  return calls.filter((c) => !rest.includes(c)).map((c) => (c === first ? merged : c));
}

const REGIONS: [RegExp, string][] = [
  [/\b(brain|head|cranial|cerebr\w*)\b/i, 'brain'],
  [/\b(chest|thora\w*|lungs?|pulmonary)\b/i, 'chest'],
  [/\b(abdom\w*|liver|hepatic|pancrea\w*)\b/i, 'abdomen'],
  [/\b(pelvi\w*|rect\w*|prostat\w*)\b/i, 'pelvis'],
];
const MODALITY: [RegExp, string][] = [
  [/\bPET\b/, 'PET'],
  [/\b(MRI?|magnetic)\b/i, 'MR'],
  [/\b(CT|computed tomograph\w*)\b/i, 'CT'],
  [/\b(ultrasound|sonograph\w*)\b/i, 'US'],
];

interface Exam {
  date: string;
  regions: Set<string>;
  modality?: string;
}

function exam(date: string | undefined, name: string, modality?: string): Exam | undefined {
  if (!date) return undefined;
  const regions = new Set(REGIONS.filter(([re]) => re.test(name)).map(([, r]) => r));
  const m = MODALITY.find(([re]) => re.test(name))?.[1] ?? modality;
  return { date, regions, ...(m ? { modality: m === 'MRI' ? 'MR' : m } : {}) };
}

/** Same modality and an overlapping body region (unknown ones do not separate two exams). */
const comparable = (a: Exam, b: Exam): boolean =>
  a.date.slice(0, 10) !== b.date.slice(0, 10) &&
  (!a.modality || !b.modality || a.modality === b.modality) &&
  (a.regions.size === 0 || b.regions.size === 0 || [...a.regions].some((r) => b.regions.has(r)));

const TREATMENT_PROCEDURE =
  /resect\w*|\w+ectomy|ablation|radiother\w*|chemoradi\w*|TACE|emboli[sz]ation|SIRT|radioembol/i;

/** Whether a treatment was given before a date: a systemic line started by then, or a treating procedure. */
function treatedBefore(facts: RecordFacts, date: string): boolean {
  const lines = facts.therapyLines.some((l) => l.start === 'undated' || l.start <= date.slice(0, 7));
  return lines || facts.texts.some((t) => t.ref.startsWith('Procedure/') && TREATMENT_PROCEDURE.test(t.text));
}

/**
 * Why RECIST cannot be assessed on this record, if it cannot: no two comparable exams (same modality and region,
 * different days) with a treatment given before the later one.
 * @param facts - The record's facts.
 * @returns The reason, or undefined when a response can be assessed.
 */
export function recistBlocked(facts: RecordFacts): string | undefined {
  const exams = [
    ...facts.imaging.map((t) => exam(t.date, `${t.description} ${t.modality ?? ''}`, t.modality)),
    ...facts.texts.filter(isImagingText).map((t) => exam(t.date, t.text.split('\n')[0] ?? '')),
  ].filter((e): e is Exam => e !== undefined);
  const pairs = exams.flatMap((a) => exams.filter((b) => b.date > a.date && comparable(a, b)));
  // A report giving current and prior sizes ("now 45 mm, previously 30 mm") compares two scans itself.
  for (const t of facts.texts.filter(isImagingText))
    if (t.date && reportLesions(t).some((l) => l.priorMm !== undefined))
      pairs.push({ date: t.date, regions: new Set() });
  if (pairs.length === 0) return 'no two comparable scans (same modality and region, different days)';
  if (!pairs.some((b) => treatedBefore(facts, b.date)))
    return 'no treatment before the later scan (staging scans before the first treatment measure no response)';
  return undefined;
}

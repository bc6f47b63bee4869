// The cancer treatments a trend chart shows behind its values: systemic regimens as bands over their period, surgery,
// radiotherapy and local treatments from Procedures. Chronic and supportive drugs (metformin, a laxative) stay out.
import type { CodeableConcept, MedicationRequest, MedicationStatement, Period, Procedure } from '@medplum/fhirtypes';
import type { PatientRecord } from '../../../common/record/patient-record';
import { conceptText } from '../../record/format';
import { shortDate } from './scale';

/** One treatment on the chart's time axis. */
export interface TherapyLine {
  key: string;
  name: string;
  kind: 'systemic' | 'surgery' | 'radiotherapy' | 'local';
  start: string;
  /** Undefined: a single day (surgery) or, with `ongoing`, still given. */
  end?: string;
  ongoing: boolean;
  /** "31 Aug 2026 – ongoing", "2 Mar 2026": the period in words. */
  when: string;
  /** The drugs of a systemic line, as prescribed. */
  drugs?: string[];
}

/** Antineoplastic drugs and regimen names seen in GI oncology; ATC L01/L02 codes count too. */
const ANTICANCER =
  /\b(oxaliplatin|fluorouracil|5-?fu|leucovorin|folinic|levoleucovorin|capecitabine|irinotecan|bevacizumab|cetuximab|panitumumab|gemcitabine|cisplatin|carboplatin|paclitaxel|docetaxel|durvalumab|pembrolizumab|nivolumab|ipilimumab|atezolizumab|tremelimumab|tislelizumab|sorafenib|lenvatinib|regorafenib|cabozantinib|ramucirumab|aflibercept|trifluridine|tipiracil|fruquintinib|sotorasib|adagrasib|encorafenib|dabrafenib|trametinib|binimetinib|pemigatinib|futibatinib|infigratinib|ivosidenib|entrectinib|crizotinib|repotrectinib|larotrectinib|olaparib|trastuzumab|pertuzumab|tucatinib|zanidatamab|mitomycin|temozolomide|etoposide|folfox|folfiri|folfirinox|capox|xelox|gemcis)/i;
const ATC = 'http://www.whocc.no/atc';

const RADIOTHERAPY = /radiotherap|radiation|chemoradi|\bsbrt\b|\bsabr\b|brachytherap|irradiat|\bgy\b/i;
const LOCAL = /ablation|chemoemboli|radioemboli|emboli[sz]ation|\btace\b|\btare\b|\bsirt\b|hepatic arterial infusion/i;
const SURGERY = /ectomy|resection|surgery|surgical|excision|whipple|transplant|anastomosis|metastasectomy/i;
const SURGICAL_CATEGORY = '387713003';

const words = (c: CodeableConcept | undefined): string =>
  [c?.text, ...(c?.coding ?? []).map((x) => x.display)].filter(Boolean).join(' ');
/**
 * Whether a medication is a cancer drug (by name or ATC L01/L02 code), as opposed to chronic or supportive medication.
 * @param c - The medication's concept.
 * @returns True for an antineoplastic or endocrine cancer drug.
 */
export const isAnticancer = (c: CodeableConcept | undefined): boolean =>
  ANTICANCER.test(words(c)) || !!c?.coding?.some((x) => x.system === ATC && /^L0[12]/.test(x.code ?? ''));

function when(start: string, end: string | undefined, ongoing: boolean): string {
  if (ongoing) return `${shortDate(start)} – ongoing`;
  return end && end.slice(0, 10) !== start.slice(0, 10) ? `${shortDate(start)} – ${shortDate(end)}` : shortDate(start);
}

interface Drug {
  group: string;
  label?: string;
  name: string;
  concept?: CodeableConcept;
  period: Period;
  active: boolean;
}

const fromRequest = (r: MedicationRequest): Drug => {
  const bounds = r.dosageInstruction?.[0]?.timing?.repeat?.boundsPeriod;
  const name = conceptText(r.medicationCodeableConcept) ?? r.medicationReference?.display ?? 'medication';
  return {
    group: r.groupIdentifier?.value ?? r.note?.[0]?.text ?? name,
    label: r.note?.[0]?.text,
    name,
    concept: r.medicationCodeableConcept ?? { text: r.medicationReference?.display },
    period: { start: bounds?.start ?? r.authoredOn, end: bounds?.end },
    active: r.status === 'active' || r.status === 'on-hold',
  };
};

const fromStatement = (s: MedicationStatement): Drug => {
  const name = conceptText(s.medicationCodeableConcept) ?? s.medicationReference?.display ?? 'medication';
  return {
    group: s.note?.[0]?.text ?? name,
    label: s.note?.[0]?.text,
    name,
    concept: s.medicationCodeableConcept ?? { text: s.medicationReference?.display },
    period: s.effectivePeriod ?? { start: s.effectiveDateTime },
    active: s.status === 'active' || s.status === 'intended',
  };
};

/** "mFOLFOX6 + bevacizumab, first line, every 14 days (…)" → "mFOLFOX6 + bevacizumab". */
const regimenName = (label: string): string => label.split(/[,.;(]/)[0]?.trim() || label;

function regimens(drugs: Drug[]): TherapyLine[] {
  const groups = new Map<string, Drug[]>();
  for (const d of drugs) groups.set(d.group, [...(groups.get(d.group) ?? []), d]);
  return [...groups].flatMap(([key, group]) => {
    if (!group.some((d) => isAnticancer(d.concept))) return [];
    const starts = group.map((d) => d.period.start).filter((s): s is string => !!s);
    const start = starts.sort()[0];
    if (!start) return [];
    const ongoing = group.some((d) => d.active && !d.period.end);
    const end = ongoing
      ? undefined
      : group
          .map((d) => d.period.end ?? d.period.start ?? '')
          .sort()
          .at(-1);
    const label = group[0]?.label;
    const name = label ? regimenName(label) : [...new Set(group.map((d) => d.name))].join(' + ');
    return [
      {
        key: `med:${key}`,
        name,
        kind: 'systemic' as const,
        start,
        end,
        ongoing,
        when: when(start, end, ongoing),
        drugs: [...new Set(group.map((d) => d.name))],
      },
    ];
  });
}

function procedureLine(p: Procedure, i: number): TherapyLine[] {
  if (p.status === 'not-done' || p.status === 'entered-in-error') return [];
  const text = `${words(p.code)} ${words(p.category)}`;
  const surgical = p.category?.coding?.some((c) => c.code === SURGICAL_CATEGORY);
  const kind = RADIOTHERAPY.test(text)
    ? 'radiotherapy'
    : LOCAL.test(text)
      ? 'local'
      : surgical || SURGERY.test(text)
        ? 'surgery'
        : undefined;
  const start = p.performedPeriod?.start ?? p.performedDateTime;
  if (!kind || !start) return [];
  const ongoing = p.status === 'in-progress' && !p.performedPeriod?.end;
  const end = ongoing ? undefined : p.performedPeriod?.end;
  const name = conceptText(p.code) ?? 'Procedure';
  return [{ key: `proc:${p.id ?? i}`, name, kind, start, end, ongoing, when: when(start, end, ongoing) }];
}

/**
 * The treatments to draw on a trend chart: cancer drug regimens (grouped as prescribed) and surgery, radiotherapy
 * and local treatments, oldest first.
 * @param record - The record's medications and procedures.
 * @returns The lines; chronic and supportive medication and diagnostic procedures are left out.
 */
export function therapyLines(
  record: Pick<PatientRecord, 'medicationRequests' | 'medicationStatements' | 'procedures'>
): TherapyLine[] {
  const drugs = [
    ...record.medicationRequests.filter((r) => r.status !== 'entered-in-error').map(fromRequest),
    ...record.medicationStatements.filter((s) => s.status !== 'entered-in-error').map(fromStatement),
  ];
  return [...regimens(drugs), ...record.procedures.flatMap(procedureLine)].sort((a, b) =>
    a.start.localeCompare(b.start)
  );
}

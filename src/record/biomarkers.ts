// Summarises the tumor's biomarkers: variants in words, MSI/MMR/TMB/ECOG latest, tumor markers with trend.
import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import { conceptText, hasCoding, LOINC } from './format';
import {
  classifyObservation,
  groupByCode,
  numericValue,
  observationDate,
  observationValue,
  TUMOR_MARKERS,
} from './observations';

/** A latest value of some biomarker. */
export interface BiomarkerValue {
  id?: string;
  /** For variants: false when the variant was tested for and not found. */
  detected?: boolean;
  name: string;
  value: string;
  date?: string;
}

/** A tumor marker followed over time. */
export interface MarkerSummary extends BiomarkerValue {
  trend?: 'rising' | 'falling' | 'stable';
  /** Relative change from the previous value, in percent. */
  changePercent?: number;
  previous?: { value: string; date?: string };
  count: number;
}

/** Everything the Biomarkers card shows. */
export interface BiomarkerSummary {
  variants: BiomarkerValue[];
  msi?: BiomarkerValue;
  mmr: BiomarkerValue[];
  tmb?: BiomarkerValue;
  markers: MarkerSummary[];
  ecog?: BiomarkerValue;
}

function component(obs: Observation, code: string): ObservationComponent[] {
  return (obs.component ?? []).filter((c) => hasCoding(c.code, LOINC, code));
}

/** Names a fusion by its partner genes ("GOPC::ROS1 fusion"), never by the coded field that says it is one. */
function fusionName(genes: string[], text: string): string {
  if (genes.length > 1) return `${genes.join('::')} fusion`;
  const pair = /\b([A-Z][A-Z0-9-]*::[A-Z][A-Z0-9-]*)\b/.exec(text)?.[1];
  if (pair) return `${pair} fusion`;
  if (genes[0]) return `${genes[0]} fusion`;
  return text.replace(/^DNA change type\s*/i, '').trim();
}

/**
 * Describes a variant Observation: "KRAS p.Gly12Asp", "EML4::ALK fusion", or the recorded text.
 * @param obs - A Genomics Reporting variant Observation.
 * @returns The description.
 */
export function describeVariant(obs: Observation): string {
  const genes = component(obs, '48018-6')
    .map((c) => observationValue(c))
    .filter((g): g is string => !!g);
  const protein = component(obs, '48005-3').map((c) => observationValue(c))[0];
  const dna = component(obs, '48004-6').map((c) => observationValue(c))[0];
  const fusionText = [obs.valueString, conceptText(obs.valueCodeableConcept), ...(obs.note ?? []).map((n) => n.text)]
    .concat((obs.component ?? []).map((c) => `${conceptText(c.code) ?? ''} ${observationValue(c) ?? ''}`))
    .find((t) => t && /fusion|::|rearrange/i.test(t));
  let text: string;
  if (genes.length > 0 && (protein || dna)) {
    text = `${genes.join('::')} ${protein ?? dna}`;
  } else if (genes.length > 1 || fusionText) {
    text = fusionName(genes, fusionText ?? '');
  } else {
    const value = variantDetected(obs) ? conceptText(obs.valueCodeableConcept) : undefined;
    text = genes[0] ? [genes[0], value].filter(Boolean).join(' ') : (value ?? conceptText(obs.code) ?? 'Variant');
  }
  const significance = component(obs, '53037-8').map((c) => observationValue(c))[0];
  return `${text}${significance ? ` (${significance})` : ''}${variantDetected(obs) ? '' : ' — not detected'}`;
}

/**
 * Whether a variant Observation reports the variant as present (not LOINC LA9634-2 "Absent").
 * @param obs - A variant Observation.
 * @returns False when the variant was looked for and not found.
 */
export function variantDetected(obs: Observation): boolean {
  return !hasCoding(obs.valueCodeableConcept, LOINC, 'LA9634-2');
}

function latest(obs: Observation | undefined, name: string): BiomarkerValue | undefined {
  if (!obs) {
    return undefined;
  }
  return { id: obs.id, name, value: observationValue(obs) ?? '—', date: observationDate(obs) };
}

/**
 * Summarises one tumor marker series: latest value, previous value and trend (±10 % is stable).
 * @param series - The marker's Observations, newest first.
 * @param name - The marker's name.
 * @returns The summary.
 */
export function summarizeMarker(series: Observation[], name: string): MarkerSummary {
  const [last, prev] = series;
  const summary: MarkerSummary = { ...(latest(last, name) ?? { name, value: '—' }), count: series.length };
  if (prev) {
    summary.previous = { value: observationValue(prev) ?? '—', date: observationDate(prev) };
    const a = last ? numericValue(last) : undefined;
    const b = numericValue(prev);
    if (a !== undefined && b !== undefined) {
      const change = b === 0 ? (a === 0 ? 0 : 100) : ((a - b) / Math.abs(b)) * 100;
      summary.changePercent = Math.round(change);
      summary.trend = change >= 10 ? 'rising' : change <= -10 ? 'falling' : 'stable';
    }
  }
  return summary;
}

/**
 * Builds the Biomarkers card from all the patient's Observations.
 * @param observations - All Observations in the record.
 * @returns The summary.
 */
export function summarizeBiomarkers(observations: Observation[]): BiomarkerSummary {
  const of = (kind: string): Observation[] => observations.filter((o) => classifyObservation(o) === kind);
  const newest = (kind: string): Observation | undefined =>
    of(kind).sort((a, b) => (observationDate(b) ?? '').localeCompare(observationDate(a) ?? ''))[0];
  const variants = of('variant').map((o) => ({
    id: o.id,
    name: 'Variant',
    value: describeVariant(o),
    date: observationDate(o),
  }));
  const mmr = [...groupByCode(of('mmr')).values()]
    .map((group) => latest(group[0], conceptText(group[0]?.code) ?? 'MMR'))
    .filter((v): v is BiomarkerValue => !!v);
  const markers = [...groupByCode(of('tumor-marker')).values()].map((group) => {
    const code = Object.keys(TUMOR_MARKERS).find((c) => group[0] && hasCoding(group[0].code, LOINC, c)) ?? '';
    return summarizeMarker(group, TUMOR_MARKERS[code] ?? conceptText(group[0]?.code) ?? 'Marker');
  });
  return {
    variants,
    msi: latest(newest('msi'), 'MSI'),
    mmr,
    tmb: latest(newest('tmb'), 'TMB'),
    markers,
    ecog: latest(newest('ecog'), 'ECOG'),
  };
}

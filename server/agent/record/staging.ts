// Reads T, N and M categories from the record (mCODE TNM Observations or a Condition's stage summary such as
// "cT3 cN1 cM1a") and fits them to the AJCC table tnm_stage carries for the tumour's site.
import type { Condition, Observation } from '@medplum/fhirtypes';
import { normaliseCategory, TABLES, type TnmSite } from '../../tools/tnm_stage';
import { conceptText, hasCode, keyOf, LOINC } from './text';

export interface RecordTnm {
  t: string;
  n: string;
  m: string;
  /** Where the categories were read, as citation tokens' targets (`Condition/…`, `Observation/…`). */
  sources: string[];
  /** Categories narrowed to what the AJCC table stages (e.g. rectal MRI "T3c" → "T3"). */
  adjusted: string[];
}

const PREFIX = '(?:yp|yc|rp|rc|p|c|y|r|a)?';
// Only a complete, adjacent T–N–M triple counts: a lone "T2" (e.g. "T2-weighted") is not staging.
const TRIPLE = new RegExp(
  `(?<![A-Za-z0-9])(${PREFIX}T(?:is|X|[0-4][a-d]?))[\\s,]*(${PREFIX}N(?:X|[0-3][a-c]?))[\\s,]*(${PREFIX}M(?:X|[01][a-d]?))(?![A-Za-z0-9])`
);

const TNM_LOINC = {
  t: ['21905-5', '21899-0'],
  n: ['21906-3', '21900-6'],
  m: ['21907-1', '21901-4'],
} as const;

/** A category the table knows, narrowing a sub-category it does not (T3c → T3); undefined when none fits. */
export function fitCategory(site: TnmSite, axis: 't' | 'n' | 'm', raw: string): string | undefined {
  let value = raw;
  while (value.length >= 2) {
    if (normaliseCategory(TABLES[site], axis, value).ok) return value;
    if (!/[a-d]$/.test(value)) return undefined;
    value = value.slice(0, -1);
  }
  return undefined;
}

function fromObservations(observations: Observation[]): { t?: string; n?: string; m?: string; sources: string[] } {
  const found: { t?: string; n?: string; m?: string; sources: string[] } = { sources: [] };
  for (const axis of ['t', 'n', 'm'] as const) {
    const obs = observations.find((o) => hasCode(o.code, TNM_LOINC[axis], LOINC) && o.status !== 'entered-in-error');
    const value = obs && conceptText(obs.valueCodeableConcept).replace(/\s+/g, '');
    if (obs && value) {
      found[axis] = value;
      found.sources.push(keyOf(obs));
    }
  }
  return found;
}

/**
 * The T, N and M of the primary cancer, when the record states all three.
 * @param site - The AJCC table to fit them to.
 * @param primary - The primary cancer condition (its stage summary is read).
 * @param observations - The record's Observations (mCODE TNM categories are read first).
 * @returns The categories and where they came from, or undefined.
 */
export function findTnm(site: TnmSite, primary: Condition, observations: Observation[]): RecordTnm | undefined {
  let raw = fromObservations(observations);
  if (!(raw.t && raw.n && raw.m)) {
    const texts = (primary.stage ?? []).map((s) => conceptText(s.summary));
    const hit = texts.map((text) => TRIPLE.exec(text)).find((m) => m !== null);
    if (!hit) return undefined;
    raw = { t: hit[1], n: hit[2], m: hit[3], sources: [keyOf(primary)] };
  }
  const fitted = {
    t: fitCategory(site, 't', raw.t!),
    n: fitCategory(site, 'n', raw.n!),
    m: fitCategory(site, 'm', raw.m!),
  };
  if (!(fitted.t && fitted.n && fitted.m)) return undefined;
  const adjusted = (['t', 'n', 'm'] as const)
    .filter((axis) => fitted[axis] !== raw[axis])
    .map((axis) => `${raw[axis]} → ${fitted[axis]}`);
  return { t: fitted.t, n: fitted.n, m: fitted.m, sources: raw.sources, adjusted };
}

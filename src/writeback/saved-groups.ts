// Groups what OncoAgent saved in the chart by the workup report that lists it, newest first, and says which results
// were replaced by a later signed result (tagged superseded, or named by a newer result's `observation-replaces`).
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import { OBSERVATION_REPLACES, SUPERSEDED_TAG } from '../../common/writeback/systems';

export interface SavedGroup {
  /** The workup report, or undefined for results no report lists. */
  report?: DiagnosticReport;
  results: Observation[];
  /** A later report exists: this group is an earlier workup. */
  earlier: boolean;
}

const key = (r: { resourceType: string; id?: string }): string => `${r.resourceType}/${r.id}`;
const when = (r: DiagnosticReport | Observation): string => r.issued ?? r.meta?.lastUpdated ?? '';

/**
 * The `Type/id` of every result that a later signed result replaced.
 * @param observations - OncoAgent's Observations in the chart.
 * @returns The replaced ones.
 */
export function replacedResults(observations: Observation[]): Set<string> {
  const out = new Set<string>();
  for (const o of observations) {
    if ((o.meta?.tag ?? []).some((t) => t.system === SUPERSEDED_TAG.system && t.code === SUPERSEDED_TAG.code)) {
      out.add(key(o));
    }
    for (const e of o.extension ?? []) {
      const ref = e.url === OBSERVATION_REPLACES ? e.valueReference?.reference : undefined;
      if (ref) out.add(ref.replace(/^.*\/([A-Za-z]+\/[^/]+)$/, '$1'));
    }
  }
  return out;
}

/**
 * Groups results under the reports that list them (a result listed by several reports appears under the newest).
 * @param reports - OncoAgent's workup reports.
 * @param observations - OncoAgent's Observations.
 * @returns Groups, newest report first, then the unlisted results.
 */
export function savedGroups(reports: DiagnosticReport[], observations: Observation[]): SavedGroup[] {
  const byKey = new Map(observations.map((o) => [key(o), o]));
  const sorted = [...reports].sort((a, b) => when(b).localeCompare(when(a)));
  const placed = new Set<string>();
  const groups: SavedGroup[] = sorted.map((report, i) => {
    const results = (report.result ?? [])
      .map((r) => byKey.get((r.reference ?? '').replace(/\/_history\/.*$/, '')))
      .filter((o): o is Observation => o !== undefined && !placed.has(key(o)));
    for (const o of results) placed.add(key(o));
    return { report, results, earlier: i > 0 };
  });
  const rest = observations.filter((o) => !placed.has(key(o)));
  if (rest.length) groups.push({ results: rest, earlier: false });
  return groups;
}

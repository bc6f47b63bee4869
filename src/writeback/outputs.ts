// Recognises what OncoAgent wrote to the chart (its profiles and identifiers), so the patient view can label it and
// keep machine results (e.g. a predicted MSI status) out of the cards that show measured values.
import type { Resource } from '@medplum/fhirtypes';
import { isOncoAgentOutput } from '../../common/writeback/ours';

export { isOncoAgentOutput };

/**
 * Splits resources into OncoAgent's and the others.
 * @param resources - Resources of one type.
 * @returns `[fromOncoAgent, others]`, each in the original order.
 */
export function partitionOutputs<T extends Resource>(resources: T[]): [T[], T[]] {
  const ours: T[] = [];
  const others: T[] = [];
  for (const r of resources) (isOncoAgentOutput(r) ? ours : others).push(r);
  return [ours, others];
}

// Gives the demo resources UUID ids, as real servers (Medplum among them) require: the builders name resources
// readably (`demo-crc-met-kras`), and this pass maps every id and every reference to a UUID derived from that name.
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { nameUuid } from '../../fhir/uuid';

/**
 * The UUID the sandbox gives the demo resource its builder named `name`.
 * @param name - The builder's name, e.g. `demo-crc-met`.
 * @returns The UUID (the same on every start and machine).
 */
export function demoId(name: string): string {
  return nameUuid(`oncoagent-demo/${name}`);
}

function rewriteRefs(value: unknown, ids: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, ids));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      (key === 'reference' || key === 'url') && typeof child === 'string'
        ? rewriteOne(child, ids)
        : rewriteRefs(child, ids);
  }
  return out;
}

/** `Type/name` (optionally after a base URL or before `/_history/…`) → `Type/uuid`. */
function rewriteOne(value: string, ids: Map<string, string>): string {
  return value.replace(/(^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?=$|[/?#])/, (whole, lead, type, id) => {
    const mapped = ids.get(`${type}/${id}`);
    return mapped ? `${lead}${type}/${mapped}` : whole;
  });
}

/**
 * The same Bundles with UUID ids and references (entries PUT at `Type/<uuid>`).
 * @param bundles - Bundles whose resources carry readable ids.
 * @returns New Bundles; references to resources outside the Bundles are kept as they are.
 */
export function withUuids(bundles: Bundle[]): Bundle[] {
  const ids = new Map<string, string>();
  for (const r of bundles.flatMap((b) => b.entry ?? []).map((e) => e.resource)) {
    if (r?.id) ids.set(`${r.resourceType}/${r.id}`, demoId(r.id));
  }
  return bundles.map((bundle) => {
    const rewritten = rewriteRefs(bundle, ids) as Bundle;
    for (const entry of rewritten.entry ?? []) {
      const r = entry.resource as Resource | undefined;
      if (r?.id) r.id = ids.get(`${r.resourceType}/${r.id}`) ?? r.id;
    }
    return rewritten;
  });
}

// The CapabilityStatement checks: FHIR version, batch and transaction, the searches the record loader sends in its one
// batch (server/fhir/load-record.ts, read from common/record/patient-record.ts rather than repeated here), and $export.
import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { recordSearches } from '../../common/record/patient-record';
import { type FhirClient, withRetries } from '../fhir/fhir-client';
import { TRANSACTION_FIX } from './fixes';
import { type CheckLine, line } from './report';

/**
 * Reads `[base]/metadata` (retried: it is a read).
 * @param fhir - The client.
 * @returns The CapabilityStatement; throws an OperationOutcomeError (`transient`: unreachable).
 */
export async function readCapability(fhir: FhirClient): Promise<CapabilityStatement> {
  return (await withRetries(fhir, (signal) =>
    fhir.client.capabilityStatement({ signal })
  )) as unknown as CapabilityStatement;
}

/** What the loader's searches need, per type: search parameters and `_include`s. */
export function loaderNeeds(): Map<string, { params: Set<string>; includes: Set<string> }> {
  const needs = new Map<string, { params: Set<string>; includes: Set<string> }>();
  for (const search of recordSearches('x').slice(1)) {
    const [type = '', query = ''] = search.split('?');
    const need = { params: new Set<string>(), includes: new Set<string>() };
    for (const [name, value] of new URLSearchParams(query)) {
      if (name === '_sort') need.params.add(value.replace(/^-/, ''));
      else if (name === '_include') need.includes.add(value);
      else if (!name.startsWith('_')) need.params.add(name);
    }
    needs.set(type, need);
  }
  return needs;
}

/**
 * Judges the CapabilityStatement.
 * @param cs - The statement.
 * @returns The version, interactions, record-search and Bulk Data lines.
 */
export function capabilityLines(cs: CapabilityStatement): CheckLine[] {
  const rest = cs.rest?.find((r) => r.mode === 'server') ?? cs.rest?.[0];
  const version = cs.fhirVersion ?? 'not stated';
  const lines: CheckLine[] = [
    version.startsWith('4.0')
      ? line('discovery.version', 'FHIR version', 'ok', `FHIR ${version} (R4)`)
      : line('discovery.version', 'FHIR version', 'fail', `FHIR ${version}; OncoAgent speaks R4 (4.0.1)`, {
          any: "use the server's R4 endpoint",
          medplum: 'the FHIR base is https://<host>/fhir/R4',
        }),
  ];
  const system = new Set((rest?.interaction ?? []).map((i) => i.code));
  const lacking = ['batch', 'transaction'].filter((c) => !system.has(c as 'batch'));
  lines.push(
    lacking.length
      ? line(
          'discovery.bundles',
          'Batch and transaction',
          'fail',
          `the server does not declare ${lacking.join(' or ')}; the record is read in one batch and results are ` +
            'written in one transaction',
          TRANSACTION_FIX
        )
      : line('discovery.bundles', 'Batch and transaction', 'ok', 'batch and transaction declared')
  );
  lines.push(searchLine(rest?.resource ?? []));
  const operations = [...(rest?.operation ?? []), ...(rest?.resource ?? []).flatMap((r) => r.operation ?? [])];
  lines.push(
    operations.some((o) => o.name === 'export' || o.name === '$export')
      ? line('discovery.export', 'Bulk Data $export', 'ok', 'declared (registry runs can export a Group)')
      : line('discovery.export', 'Bulk Data $export', 'warn', 'not declared: `oncoagent registry run` needs it', {
          medplum: 'Medplum serves Group/[id]/$export to a ClientApplication with system/ read scopes',
          hapi: 'set hapi.fhir.bulk_export_enabled=true',
          smart: 'use the SMART Bulk Data reference server (bulk-data.smarthealthit.org) for registry runs',
        })
  );
  return lines;
}

function searchLine(resources: CapabilityStatementRestResource[]): CheckLine {
  const title = 'Record searches';
  const byType = new Map<string, CapabilityStatementRestResource>(resources.map((r) => [r.type, r]));
  const gaps: string[] = [];
  let undeclared = 0;
  for (const [type, need] of loaderNeeds()) {
    const r = byType.get(type);
    if (!r) {
      gaps.push(`${type} (not supported)`);
      continue;
    }
    if (r.interaction && !r.interaction.some((i) => i.code === 'search-type')) gaps.push(`${type} search`);
    if (!r.searchParam?.length) {
      undeclared++;
      continue;
    }
    const names = new Set(r.searchParam.map((p) => p.name));
    for (const p of need.params) if (!names.has(p)) gaps.push(`${type}?${p}`);
    const includes = r.searchInclude ?? [];
    for (const inc of need.includes)
      if (includes.length && !includes.some((i) => i === inc || i === '*')) gaps.push(`_include=${inc}`);
  }
  const total = loaderNeeds().size;
  if (gaps.length) {
    return line(
      'discovery.searches',
      title,
      'warn',
      `not declared: ${gaps.join(', ')} (the record read below tests them)`,
      {
        any: 'the app reads the record in one batch of these searches; what the server cannot search stays empty in the app',
      }
    );
  }
  const note = undeclared ? ` (${undeclared} types list no search parameters; the record read tests them)` : '';
  return line('discovery.searches', title, 'ok', `the ${total} searches of the record batch are supported${note}`);
}

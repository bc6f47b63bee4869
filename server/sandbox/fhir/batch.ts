// Batch and transaction Bundles: size limit, then batch entries one by one under the caller's access, or the
// transaction as the emulated server runs it (transaction.ts).
import { badRequest, getStatus, normalizeOperationOutcome, OperationOutcomeError } from '@medplum/core';
import type { Bundle, BundleEntry, OperationOutcome } from '@medplum/fhirtypes';
import type { Access } from './access';
import type { FhirHttpRequest, FhirResult, FhirService } from './fhir-service';
import type { HttpMethod } from './interaction';
import { runTransaction } from './transaction';

/**
 * Most entries one batch or transaction Bundle may hold over HTTP. Each entry is validated, authorised and indexed
 * in memory, so an unbounded Bundle (20,000 entries took minutes) would stall the sandbox for every user; larger
 * loads belong in `--seed` files, which are not limited. Advertised in the CapabilityStatement.
 */
export const MAX_BUNDLE_ENTRIES = 1000;

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Handles a POST of a Bundle to the FHIR base.
 * @param service - The FHIR service (batch entries are dispatched back through it).
 * @param body - The posted body.
 * @param access - The caller.
 * @param base - The FHIR base URL.
 * @param seeding - A trusted load from local files: no size limit, and spec transaction semantics.
 * @returns A batch-response or transaction-response Bundle, or an OperationOutcome (413 over the limit).
 */
export async function handleBundle(
  service: FhirService,
  body: unknown,
  access: Access,
  base: string,
  seeding: boolean
): Promise<FhirResult> {
  const bundle = body as Bundle | undefined;
  if (bundle?.resourceType !== 'Bundle' || (bundle.type !== 'batch' && bundle.type !== 'transaction')) {
    throw new OperationOutcomeError(badRequest('POST to the base needs a Bundle of type batch or transaction'));
  }
  if (!Array.isArray(bundle.entry) || bundle.entry.length === 0) {
    throw new OperationOutcomeError(badRequest('The Bundle has no entries'));
  }
  if (!seeding && bundle.entry.length > MAX_BUNDLE_ENTRIES) return tooLarge(bundle.entry.length, MAX_BUNDLE_ENTRIES);
  if (bundle.type === 'batch') return { status: 200, body: await runBatch(service, bundle.entry, access, base) };
  return runTransaction(service, bundle, access, seeding ? undefined : service.emulation);
}

function tooLarge(count: number, max: number): FhirResult {
  const text = `A batch or transaction Bundle may hold at most ${max} entries; this one has ${count}. Split it.`;
  const outcome: OperationOutcome = {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'too-costly', details: { text }, expression: ['Bundle.entry'] }],
  };
  return { status: 413, body: outcome };
}

function entryRequest(entry: BundleEntry, index: number): FhirHttpRequest {
  const method = entry.request?.method;
  const url = entry.request?.url;
  if (!method || !METHODS.has(method) || !url) {
    throw new OperationOutcomeError(badRequest(`Bundle.entry[${index}].request needs a method and url`));
  }
  const [path = '', query = ''] = url.replace(/^\//, '').split('?');
  return {
    method: method as HttpMethod,
    path,
    params: new URLSearchParams(query),
    body: entry.resource,
    headers: { ifMatch: entry.request?.ifMatch, ifNoneExist: entry.request?.ifNoneExist },
  };
}

async function runBatch(service: FhirService, entries: BundleEntry[], access: Access, base: string): Promise<Bundle> {
  const out: BundleEntry[] = [];
  for (const [index, entry] of entries.entries()) {
    let result: FhirResult;
    try {
      const req = entryRequest(entry, index);
      if (req.path === '') throw new OperationOutcomeError(badRequest('Bundles cannot be nested in a batch'));
      result = await service.handle(req, access, base);
    } catch (err) {
      const outcome = normalizeOperationOutcome(err);
      result = { status: getStatus(outcome), body: outcome };
    }
    out.push(responseEntry(result));
  }
  return { resourceType: 'Bundle', type: 'batch-response', entry: out };
}

function responseEntry(result: FhirResult): BundleEntry {
  const ok = result.status < 400;
  const body = result.body;
  return {
    ...(ok && body && body.resourceType !== 'OperationOutcome' ? { resource: body } : {}),
    response: {
      status: String(result.status),
      ...(result.headers?.Location ? { location: result.headers.Location } : {}),
      ...(result.headers?.ETag ? { etag: result.headers.ETag } : {}),
      ...(!ok && body?.resourceType === 'OperationOutcome' ? { outcome: body } : {}),
    },
  };
}

// Batch and transaction Bundles: batch entries run one by one under the caller's access; transactions are
// checked entry by entry first, then committed atomically (all or nothing).
import {
  badRequest,
  getStatus,
  normalizeOperationOutcome,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { type Access, requireGrant, requireVisible } from './access';
import type { FhirHttpRequest, FhirResult, FhirService } from './fhir-service';
import { classify, type HttpMethod, permissionFor } from './interaction';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Handles a POST of a Bundle to the FHIR base.
 * @param service - The FHIR service (batch entries are dispatched back through it).
 * @param body - The posted body.
 * @param access - The caller.
 * @param base - The FHIR base URL.
 * @returns A batch-response or transaction-response Bundle, or an OperationOutcome.
 */
export async function handleBundle(
  service: FhirService,
  body: unknown,
  access: Access,
  base: string
): Promise<FhirResult> {
  const bundle = body as Bundle | undefined;
  if (bundle?.resourceType !== 'Bundle' || (bundle.type !== 'batch' && bundle.type !== 'transaction')) {
    throw new OperationOutcomeError(badRequest('POST to the base needs a Bundle of type batch or transaction'));
  }
  if (!Array.isArray(bundle.entry) || bundle.entry.length === 0) {
    throw new OperationOutcomeError(badRequest('The Bundle has no entries'));
  }
  if (bundle.type === 'batch') return { status: 200, body: await runBatch(service, bundle.entry, access, base) };
  return runTransaction(service, bundle, access);
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

async function runTransaction(service: FhirService, bundle: Bundle, access: Access): Promise<FhirResult> {
  const entries = bundle.entry ?? [];
  for (const [index, entry] of entries.entries()) {
    await checkTransactionEntry(service, entry, index, access);
  }
  return service.repo.exclusive(() =>
    service.route({ method: 'POST', path: '', params: new URLSearchParams(), body: bundle })
  );
}

async function checkTransactionEntry(
  service: FhirService,
  entry: BundleEntry,
  index: number,
  access: Access
): Promise<void> {
  const req = entryRequest(entry, index);
  const where = `Bundle.entry[${index}]`;
  const interaction = classify(req.method, req.path);
  if (!interaction || interaction.kind === 'bundle' || interaction.kind === 'capabilities') {
    throw new OperationOutcomeError(badRequest(`${where}: unsupported request ${req.method} ${req.path}`));
  }
  const perm = permissionFor(interaction);
  const resourceType = interaction.kind === 'search-system' ? '*' : interaction.resourceType;
  const grant = perm ? requireGrant(access, resourceType, perm) : 'all';
  if (interaction.kind === 'create' || interaction.kind === 'update') {
    const resource = req.body as Resource | undefined;
    if (resource?.resourceType !== interaction.resourceType) {
      throw new OperationOutcomeError(badRequest(`${where}.resource must be a ${interaction.resourceType}`));
    }
    try {
      validateResource(resource);
    } catch (err) {
      const outcome = normalizeOperationOutcome(err);
      const text = outcome.issue?.map((i) => i.details?.text ?? i.diagnostics).join('; ');
      throw new OperationOutcomeError(badRequest(`${where}.resource is invalid: ${text}`));
    }
    requireVisible(access, grant, resource);
  }
  if (grant === 'all') return;
  if ('id' in interaction && interaction.id) {
    const existing = await service.repo.readResource(interaction.resourceType, interaction.id).catch(() => undefined);
    if (existing) requireVisible(access, grant, existing);
  } else if (interaction.kind !== 'create') {
    throw new OperationOutcomeError(
      badRequest(`${where}: searches and conditional writes in a transaction need user/ or system/ scopes`)
    );
  }
}

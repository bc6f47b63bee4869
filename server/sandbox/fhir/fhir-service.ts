// The sandbox FHIR R4 server's request handler: classifies, authorises, validates, then reads/writes the repository.
import {
  badRequest,
  getStatus,
  normalizeOperationOutcome,
  notFound,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { type FhirRequest, FhirRouter } from '@medplum/fhir-router';
import type { Resource } from '@medplum/fhirtypes';
import { type Access, requireGrant, requireVisible } from './access';
import { handleBundle } from './batch';
import { capabilityStatement } from './capability';
import { classify, type HttpMethod, type Interaction, permissionFor } from './interaction';
import type { SandboxRepository } from './repository';
import { searchType } from './search';

export interface FhirHttpRequest {
  method: HttpMethod;
  /** Path relative to the FHIR base, e.g. `Observation/abc`. */
  path: string;
  params: URLSearchParams;
  body?: unknown;
  headers?: { ifMatch?: string; ifNoneExist?: string };
}

export interface FhirResult {
  status: number;
  body?: Resource;
  headers?: Record<string, string>;
}

/** A FHIR R4 REST API over one repository; `base` is the absolute FHIR base URL the caller used. */
export class FhirService {
  private readonly router = new FhirRouter();

  constructor(
    readonly repo: SandboxRepository,
    readonly oauth: { authorize: string; token: string }
  ) {}

  /**
   * Handles one request; never throws: every failure becomes an OperationOutcome with its HTTP status.
   * @param req - The request.
   * @param access - The verified caller.
   * @param base - The FHIR base URL as the caller sees it.
   * @returns Status, body and headers.
   */
  async handle(req: FhirHttpRequest, access: Access, base: string): Promise<FhirResult> {
    try {
      const interaction = classify(req.method, req.path);
      if (!interaction) {
        throw new OperationOutcomeError(badRequest(`Unsupported request: ${req.method} ${req.path || '/'}`));
      }
      return await this.dispatch(interaction, req, access, base);
    } catch (err) {
      const outcome = normalizeOperationOutcome(err);
      return { status: getStatus(outcome), body: outcome };
    }
  }

  private async dispatch(i: Interaction, req: FhirHttpRequest, access: Access, base: string): Promise<FhirResult> {
    if (i.kind === 'capabilities') return { status: 200, body: capabilityStatement(base, this.oauth) };
    if (i.kind === 'bundle') return handleBundle(this, req.body, access, base);
    const perm = permissionFor(i);
    const resourceType = i.kind === 'search-system' ? '*' : i.resourceType;
    const grant = perm ? requireGrant(access, resourceType, perm) : 'all';
    const ctx = { repo: this.repo, base, access, grant };
    switch (i.kind) {
      case 'search': {
        const params = i.viaPost ? formParams(req.body, req.params) : req.params;
        return { status: 200, body: await searchType(ctx, i.resourceType, params) };
      }
      case 'read': {
        const resource = await this.repo.readResource(i.resourceType, i.id);
        requireVisible(access, grant, resource);
        return withVersionHeaders(200, resource);
      }
      case 'vread': {
        const resource = await this.repo.readVersion(i.resourceType, i.id, i.versionId);
        requireVisible(access, grant, resource);
        return withVersionHeaders(200, resource);
      }
      case 'history': {
        requireVisible(access, grant, await this.repo.readResource(i.resourceType, i.id));
        return { status: 200, body: await this.repo.readHistory(i.resourceType, i.id) };
      }
      case 'search-system':
        if (grant !== 'all')
          throw new OperationOutcomeError(badRequest('System-level search needs user/ or system/ scopes'));
        return this.route(req);
      default:
        return this.write(i, req, access, grant);
    }
  }

  private write(
    i: Interaction,
    req: FhirHttpRequest,
    access: Access,
    grant: 'all' | 'compartment'
  ): Promise<FhirResult> {
    return this.repo.exclusive(() =>
      this.repo.withTransaction(async () => {
        if (i.kind === 'create' || i.kind === 'update') {
          const resource = checkBody(req.body, i.resourceType, i.kind === 'update' ? i.id : undefined);
          requireVisible(access, grant, resource);
        }
        if ((i.kind === 'update' || i.kind === 'patch' || i.kind === 'delete') && i.id) {
          const existing = await this.repo.readResource(i.resourceType, i.id).catch(() => undefined);
          if (existing) requireVisible(access, grant, existing);
          else if (i.kind !== 'update') throw new OperationOutcomeError(notFound);
        } else if (i.kind !== 'create' && grant !== 'all') {
          throw new OperationOutcomeError(badRequest('Conditional update/delete needs user/ or system/ scopes'));
        }
        const result = await this.route(req);
        if (result.status >= 400) throw new OperationOutcomeError(result.body as never);
        if (result.body && result.body.resourceType !== 'OperationOutcome') requireVisible(access, grant, result.body);
        return result;
      })
    );
  }

  /** Passes a request to Medplum's router (conditional headers included) and maps the outcome to HTTP. */
  async route(req: FhirHttpRequest): Promise<FhirResult> {
    const query = req.params.toString();
    const fhirRequest: FhirRequest = {
      method: req.method,
      url: `/${req.path}${query ? `?${query}` : ''}`,
      pathname: '',
      params: {},
      query: {},
      body: req.body,
      headers: {
        ...(req.headers?.ifMatch ? { 'if-match': req.headers.ifMatch } : {}),
        ...(req.headers?.ifNoneExist ? { 'if-none-exist': req.headers.ifNoneExist } : {}),
      },
      config: { transactions: true },
    };
    const [outcome, resource] = await this.router.handleRequest(fhirRequest, this.repo);
    const status = getStatus(outcome);
    if (status >= 400) return { status, body: outcome };
    if (!resource) return { status, body: outcome };
    return withVersionHeaders(status, resource);
  }
}

function checkBody(body: unknown, resourceType: string, id: string | undefined): Resource {
  const resource = body as Resource | undefined;
  if (!resource || typeof resource !== 'object' || resource.resourceType !== resourceType) {
    throw new OperationOutcomeError(badRequest(`The body must be a ${resourceType} resource`));
  }
  if (id !== undefined && resource.id !== id) {
    throw new OperationOutcomeError(
      badRequest(`The body's id (${resource.id ?? 'none'}) must equal the URL's id (${id})`)
    );
  }
  validateResource(resource);
  return resource;
}

function formParams(body: unknown, query: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(query);
  if (typeof body === 'string') for (const [k, v] of new URLSearchParams(body)) params.append(k, v);
  return params;
}

function withVersionHeaders(status: number, resource: Resource): FhirResult {
  const headers: Record<string, string> = {};
  if (resource.meta?.versionId) headers.ETag = `W/"${resource.meta.versionId}"`;
  if (resource.meta?.lastUpdated) headers['Last-Modified'] = new Date(resource.meta.lastUpdated).toUTCString();
  if (status === 201) headers.Location = `${resource.resourceType}/${resource.id}/_history/${resource.meta?.versionId}`;
  return { status, body: resource, headers };
}

// The sandbox FHIR R4 server's request handler: classifies a request, then serves it through the caller's view of
// the store (scoped-repository.ts), which authorises, validates and confines every read, write and Bundle entry.
import { badRequest, getStatus, normalizeOperationOutcome, OperationOutcomeError } from '@medplum/core';
import { type FhirRepository, type FhirRequest, FhirRouter } from '@medplum/fhir-router';
import type { Resource } from '@medplum/fhirtypes';
import type { Emulation } from '../emulation';
import type { Access } from './access';
import { handleBundle } from './batch';
import { capabilityStatement } from './capability';
import { classify, type HttpMethod, type Interaction } from './interaction';
import type { SandboxRepository } from './repository';
import { ScopedRepository } from './scoped-repository';
import { searchType } from './search';
import { summarize, summaryMode } from './summary';

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

export interface FhirServiceOptions {
  /** Behave like a real server (e.g. Medplum) instead of a spec-conformant one. */
  emulate?: Emulation;
}

/** How one call is served. */
export interface HandleOptions {
  /**
   * A trusted bulk load from local files (demo data, `--seed`): no Bundle size limit, and transactions run atomically
   * without the emulated server's transaction limits, since seeds stand for data the server already holds.
   */
  seeding?: boolean;
}

/** A FHIR R4 REST API over one repository; `base` is the absolute FHIR base URL the caller used. */
export class FhirService {
  private readonly router = new FhirRouter();

  constructor(
    readonly repo: SandboxRepository,
    readonly oauth: { authorize: string; token: string },
    readonly options: FhirServiceOptions = {}
  ) {}

  /** The emulated server, if any. */
  get emulation(): Emulation | undefined {
    return this.options.emulate;
  }

  /**
   * The store as one caller may see and change it.
   * @param access - The caller.
   * @returns A repository that enforces the caller's scopes and compartment.
   */
  view(access: Access): ScopedRepository {
    return new ScopedRepository(this.repo, access, this.options.emulate);
  }

  /**
   * Handles one request; never throws: every failure becomes an OperationOutcome with its HTTP status.
   * @param req - The request.
   * @param access - The verified caller.
   * @param base - The FHIR base URL as the caller sees it.
   * @param options - Limits for this call.
   * @returns Status, body and headers.
   */
  async handle(req: FhirHttpRequest, access: Access, base: string, options: HandleOptions = {}): Promise<FhirResult> {
    try {
      const interaction = classify(req.method, req.path);
      if (!interaction) {
        throw new OperationOutcomeError(badRequest(`Unsupported request: ${req.method} ${req.path || '/'}`));
      }
      return await this.dispatch(interaction, req, access, base, options);
    } catch (err) {
      const outcome = normalizeOperationOutcome(err);
      return { status: getStatus(outcome), body: outcome };
    }
  }

  private async dispatch(
    i: Interaction,
    req: FhirHttpRequest,
    access: Access,
    base: string,
    options: HandleOptions
  ): Promise<FhirResult> {
    if (i.kind === 'capabilities')
      return { status: 200, body: capabilityStatement(base, this.oauth, this.options.emulate) };
    if (i.kind === 'bundle') {
      return handleBundle(this, req.body, access, base, options.seeding === true);
    }
    const view = this.view(access);
    const summary = summaryMode(req.params.get('_summary'));
    switch (i.kind) {
      case 'search': {
        const params = i.viaPost ? formParams(req.body, req.params) : req.params;
        return { status: 200, body: await searchType({ view, base }, i.resourceType, params) };
      }
      case 'read':
        return withVersionHeaders(200, summarize(await view.readResource(i.resourceType, i.id), summary));
      case 'vread':
        return withVersionHeaders(200, await view.readVersion(i.resourceType, i.id, i.versionId));
      case 'history':
        return { status: 200, body: await view.readHistory(i.resourceType, i.id) };
      case 'search-system':
        if (view.grant('*', 's') !== 'all') {
          throw new OperationOutcomeError(badRequest('System-level search needs user/ or system/ scopes'));
        }
        return this.route(req, view);
      default:
        checkBody(i, req.body);
        return this.write(i, req, view);
    }
  }

  /** One write, atomic: a failure (e.g. a conditional match that turns out invalid) leaves nothing behind. */
  private write(i: Interaction, req: FhirHttpRequest, view: ScopedRepository): Promise<FhirResult> {
    return this.repo.exclusive(() =>
      this.repo.withTransaction(async () => {
        const target = i.kind === 'update' && i.id ? { type: i.resourceType, id: i.id } : undefined;
        const existed =
          target &&
          (await this.repo.readResource(target.type, target.id).then(
            () => true,
            () => false
          ));
        const result = await this.route(req, view);
        if (result.status >= 400) throw new OperationOutcomeError(result.body as never);
        // The router answers 200 to every PUT; one that created the resource is a 201 (update as create).
        if (target && !existed && result.status === 200 && result.body) return withVersionHeaders(201, result.body);
        return result;
      })
    );
  }

  /**
   * Passes a request to Medplum's router over a repository (conditional headers included) and maps the outcome.
   * @param req - The request.
   * @param repo - The repository the router works on: the caller's view, or the raw store for trusted callers.
   * @param config - `transactions: true` makes the router run a transaction Bundle atomically, with its limits.
   * @returns Status, body and headers.
   */
  async route(
    req: FhirHttpRequest,
    repo: FhirRepository,
    config: { transactions: boolean } = { transactions: true }
  ): Promise<FhirResult> {
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
      config,
    };
    const [outcome, resource] = await this.router.handleRequest(fhirRequest, repo);
    const status = getStatus(outcome);
    if (status >= 400) return { status, body: outcome };
    if (!resource) return { status, body: outcome };
    return withVersionHeaders(status, resource);
  }
}

/** Early, readable refusals for bodies the router would otherwise trip over. */
function checkBody(i: Interaction, body: unknown): void {
  if (i.kind !== 'create' && i.kind !== 'update') return;
  const resource = body as Resource | undefined;
  if (!resource || typeof resource !== 'object' || resource.resourceType !== i.resourceType) {
    throw new OperationOutcomeError(badRequest(`The body must be a ${i.resourceType} resource`));
  }
  if (i.kind === 'update' && i.id !== undefined && resource.id !== i.id) {
    throw new OperationOutcomeError(
      badRequest(`The body's id (${resource.id ?? 'none'}) must equal the URL's id (${i.id})`)
    );
  }
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

// The store as one caller may see it. Medplum's router runs every write, Bundle entry and conditional search
// (If-None-Exist, conditional update/delete) against this view, so they all obey the caller's scopes and compartment:
// a resource the caller cannot see never matches, is never returned, and is never overwritten.
import { badRequest, notFound, OperationOutcomeError, type SearchRequest, type WithId } from '@medplum/core';
import { type CreateResourceOptions, FhirRepository, type UpdateResourceOptions } from '@medplum/fhir-router';
import type { Bundle, Reference, Resource } from '@medplum/fhirtypes';
import type { Grant, Permission } from '../auth/scopes';
import { type Emulation, isMedplum } from '../emulation';
import { type Access, outsideCompartment, requireGrant, type ScopeRules } from './access';
import { visibleInStore } from './binary';
import type { SandboxRepository } from './repository';
import { checkContent, checkMedplumId, forCreate } from './write-checks';

type Patch = Parameters<FhirRepository['patchResource']>[2];

/** A FhirRepository that checks the caller's access on every call and delegates to the shared store. */
export class ScopedRepository extends FhirRepository<undefined> {
  readonly rules: ScopeRules;

  constructor(
    readonly store: SandboxRepository,
    readonly access: Access,
    readonly emulation?: Emulation
  ) {
    super();
    this.rules = isMedplum(emulation) ? 'medplum' : 'smart';
  }

  /**
   * The caller's grant for a permission on a type; throws 403 when there is none.
   * @param resourceType - The type.
   * @param perm - The permission.
   * @returns 'all' or 'compartment'.
   */
  grant(resourceType: string, perm: Permission): Exclude<Grant, 'none'> {
    return requireGrant(this.access, resourceType, perm, this.rules);
  }

  /**
   * Whether the caller may read a resource (scope and compartment); never throws.
   * @param resource - A resource from the store.
   * @returns True when readable.
   */
  async canRead(resource: Resource): Promise<boolean> {
    let grant: Grant;
    try {
      grant = this.grant(resource.resourceType, 'r');
    } catch {
      return false;
    }
    return visibleInStore(this.store, this.access, grant, resource);
  }

  private async ensureVisible(grant: Grant, resource: Resource, isNew = false): Promise<void> {
    if (!(await visibleInStore(this.store, this.access, grant, resource))) {
      throw outsideCompartment(resource.resourceType, isNew);
    }
  }

  private async existing(resourceType: string, id: string): Promise<Resource | undefined> {
    return this.store.readResource(resourceType, id).catch(() => undefined);
  }

  setMode(): void {
    // one in-memory store: nothing to switch
  }

  generateId(): string {
    return this.store.generateId();
  }

  async readResource<T extends Resource>(resourceType: string, id: string): Promise<WithId<T>> {
    const grant = this.grant(resourceType, 'r');
    const resource = await this.store.readResource<T>(resourceType, id);
    await this.ensureVisible(grant, resource);
    return resource as WithId<T>;
  }

  async readReference<T extends Resource>(reference: Reference<T>): Promise<WithId<T>> {
    const [resourceType, id, ...rest] = reference.reference?.split('/') ?? [];
    if (!resourceType || !id || rest.length) throw new OperationOutcomeError(badRequest('Invalid reference'));
    return this.readResource<T>(resourceType, id);
  }

  async readReferences<T extends Resource>(references: readonly Reference<T>[]): Promise<(T | Error)[]> {
    return Promise.all(references.map((r) => this.readReference<T>(r).catch((err: Error) => err)));
  }

  async readHistory<T extends Resource>(resourceType: string, id: string): Promise<Bundle<WithId<T>>> {
    const grant = this.grant(resourceType, 'r');
    await this.ensureVisible(grant, await this.store.readResource(resourceType, id));
    const history = await this.store.readHistory<WithId<T>>(resourceType, id);
    const entry = [];
    for (const e of history.entry ?? []) {
      if (e.resource && (await visibleInStore(this.store, this.access, grant, e.resource))) entry.push(e);
    }
    return { ...history, entry };
  }

  async readVersion<T extends Resource>(resourceType: string, id: string, versionId: string): Promise<WithId<T>> {
    const grant = this.grant(resourceType, 'r');
    const version = await this.store.readVersion<T>(resourceType, id, versionId);
    await this.ensureVisible(grant, version);
    return version as WithId<T>;
  }

  /**
   * Every visible match of a search, in store order, as the stored objects (not copies): read them, never change
   * them. Hidden resources neither fill a page nor count as conditional matches.
   * @param searchRequest - The search (`types` for a multi-type search); sort rules are applied, paging is not.
   * @returns The visible matches.
   */
  async visibleMatches(searchRequest: SearchRequest): Promise<Resource[]> {
    const types = searchRequest.types ?? [searchRequest.resourceType];
    const grants = new Map(types.map((t) => [t as string, this.grant(t, 's')]));
    const candidates = searchRequest.sortRules?.length
      ? ((await this.store.search({ ...searchRequest, count: undefined, offset: undefined })).entry ?? []).map(
          (e) => e.resource as Resource
        )
      : types.flatMap((resourceType) => this.store.matching({ ...searchRequest, resourceType }));
    const out: Resource[] = [];
    for (const r of candidates) {
      const grant = grants.get(r.resourceType);
      if (grant && (await visibleInStore(this.store, this.access, grant, r))) out.push(r);
    }
    return out;
  }

  async search<T extends Resource>(searchRequest: SearchRequest<T>): Promise<Bundle<WithId<T>>> {
    const matches = await this.visibleMatches(searchRequest);
    const offset = searchRequest.offset ?? 0;
    const end = searchRequest.count === undefined ? undefined : offset + searchRequest.count;
    const entry = matches.slice(offset, end).map((r) => ({ resource: structuredClone(r) as WithId<T> }));
    return { resourceType: 'Bundle', type: 'searchset', total: matches.length, entry };
  }

  async searchByReference(): Promise<never> {
    throw new OperationOutcomeError(badRequest('Search by reference is not supported'));
  }

  async createResource<T extends Resource>(resource: T, options?: CreateResourceOptions): Promise<WithId<T>> {
    const grant = this.grant(resource.resourceType, 'c');
    const assigned = options?.assignedId && resource.id ? resource.id : undefined;
    if (assigned && (await this.existing(resource.resourceType, assigned))) {
      throw new OperationOutcomeError(badRequest('The assigned id is already in use'));
    }
    const toStore = forCreate(resource, assigned ?? this.generateId());
    checkContent(toStore, this.access, this.rules);
    await this.ensureVisible(grant, toStore, true);
    return this.store.createResource(toStore);
  }

  async updateResource<T extends Resource>(resource: T, options?: UpdateResourceOptions): Promise<WithId<T>> {
    if (this.rules === 'medplum') checkMedplumId(resource.id);
    const grant = this.grant(resource.resourceType, 'u');
    if (!resource.id) throw new OperationOutcomeError(badRequest('Missing id'));
    const existing = await this.existing(resource.resourceType, resource.id);
    if (existing) await this.ensureVisible(grant, existing);
    // Medplum lets only super admins create a resource by PUT (choose its id); the seeding/open caller plays that.
    else if (this.rules === 'medplum' && this.access.kind !== 'open') throw new OperationOutcomeError(notFound);
    checkContent(resource, this.access, this.rules);
    await this.ensureVisible(grant, resource, !existing);
    return this.store.updateResource(resource, options);
  }

  async patchResource<T extends Resource>(
    resourceType: T['resourceType'],
    id: string,
    patch: Patch
  ): Promise<WithId<T>> {
    const grant = this.grant(resourceType, 'u');
    await this.ensureVisible(grant, await this.store.readResource(resourceType, id));
    // Apply, then check the result before anyone can see it: a patch that breaks the resource is rolled back.
    return this.store.withTransaction(async () => {
      const patched = await this.store.patchResource<T>(resourceType, id, patch);
      checkContent(patched, this.access, this.rules);
      await this.ensureVisible(grant, patched);
      return patched;
    });
  }

  async deleteResource(resourceType: string, id: string): Promise<void> {
    const grant = this.grant(resourceType, 'd');
    await this.ensureVisible(grant, await this.store.readResource(resourceType, id));
    await this.store.deleteResource(resourceType, id);
  }

  withTransaction<TResult>(callback: (client: undefined) => Promise<TResult>): Promise<TResult> {
    return this.store.withTransaction(callback);
  }
}

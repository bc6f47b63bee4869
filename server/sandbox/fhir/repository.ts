// The sandbox's storage: Medplum's in-memory repository with real, cheap rollback (an undo log of the keys a
// transaction wrote) and writes serialised one at a time.
import { randomUUID } from 'node:crypto';
import { matchesSearchRequest, type SearchRequest, type WithId } from '@medplum/core';
import { MemoryRepository } from '@medplum/fhir-router';
import type { Bundle, Resource } from '@medplum/fhirtypes';

/** MemoryRepository's private maps (type → id → current resource / every version, oldest first). */
interface MemoryInternals {
  resources: Map<string, Map<string, Resource>>;
  history: Map<string, Map<string, Resource[]>>;
}

/** What one write replaced: the previous current version (if any) and how many versions the history held. */
interface UndoEntry {
  resourceType: string;
  id: string;
  previous: Resource | undefined;
  historyLength: number | undefined;
}

/**
 * MemoryRepository whose `withTransaction` really rolls back. The base class runs the callback with no undo, so a
 * transaction Bundle failing half-way would leave its first entries written. Every write made inside a transaction
 * records what it replaced; a rollback restores exactly those keys, so a write costs O(1) whatever the store's size.
 * Transactions nest (the router opens one per conditional create inside a Bundle's): an inner failure undoes only
 * its own writes.
 */
export class SandboxRepository extends MemoryRepository {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly undo: UndoEntry[] = [];
  private depth = 0;
  /** `Type/id` of the keys the last rollback restored (for tests and diagnostics). */
  lastRollback: readonly string[] = [];

  private get internals(): MemoryInternals {
    return this as unknown as MemoryInternals;
  }

  override generateId(): string {
    return randomUUID();
  }

  override async createResource<T extends Resource>(resource: T): Promise<WithId<T>> {
    // The base class picks the id only when it stores; pick it here so the undo entry can name the key first.
    const withId = resource.id ? resource : { ...resource, id: this.generateId() };
    this.record(withId.resourceType, withId.id as string);
    return super.createResource(withId);
  }

  override async deleteResource(resourceType: string, id: string): Promise<void> {
    if (this.internals.resources.get(resourceType)?.has(id)) this.record(resourceType, id);
    return super.deleteResource(resourceType, id);
  }

  /**
   * The current resources matching a search's filters, without the copy the base class makes of every match (which
   * made each search over a large store slow). Not sorted or paged. Callers must not change what they get.
   * @param searchRequest - The search (its type and filters).
   * @returns The stored objects themselves.
   */
  matching(searchRequest: SearchRequest): readonly Resource[] {
    const out: Resource[] = [];
    for (const r of this.internals.resources.get(searchRequest.resourceType)?.values() ?? []) {
      if (matchesSearchRequest(r, searchRequest)) out.push(r);
    }
    return out;
  }

  /** Like the base class, but without reversing the stored version list in place (which reordered it on each call). */
  override async readHistory<T extends Resource>(resourceType: string, id: string): Promise<Bundle<T>> {
    await this.readResource(resourceType, id);
    const versions = [...((this.internals.history.get(resourceType)?.get(id) ?? []) as T[])].reverse();
    const entry = versions.map((version) => ({ resource: structuredClone(version) }));
    return { resourceType: 'Bundle', type: 'history', ...(entry.length ? { entry } : {}) };
  }

  override async withTransaction<TResult>(callback: (client: undefined) => Promise<TResult>): Promise<TResult> {
    const mark = this.undo.length;
    this.depth++;
    try {
      return await callback(undefined);
    } catch (err) {
      this.rollbackTo(mark);
      throw err;
    } finally {
      this.depth--;
      if (this.depth === 0) this.undo.length = 0;
    }
  }

  /**
   * Runs writes one at a time, so a transaction and its rollback cannot interleave with another write.
   * @param fn - The write to run.
   * @returns What `fn` returns.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private record(resourceType: string, id: string): void {
    if (this.depth === 0) return;
    this.undo.push({
      resourceType,
      id,
      previous: this.internals.resources.get(resourceType)?.get(id),
      historyLength: this.internals.history.get(resourceType)?.get(id)?.length,
    });
  }

  private rollbackTo(mark: number): void {
    const restored = new Set<string>();
    const { resources, history } = this.internals;
    while (this.undo.length > mark) {
      const { resourceType, id, previous, historyLength } = this.undo.pop() as UndoEntry;
      restored.add(`${resourceType}/${id}`);
      if (previous) resources.get(resourceType)?.set(id, previous);
      else resources.get(resourceType)?.delete(id);
      const versions = history.get(resourceType)?.get(id);
      if (historyLength === undefined) history.get(resourceType)?.delete(id);
      else if (versions) versions.length = historyLength;
    }
    this.lastRollback = [...restored];
  }
}

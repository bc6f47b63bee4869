// The sandbox's storage: Medplum's in-memory repository made atomic for transactions and serialised for writes.
import { MemoryRepository } from '@medplum/fhir-router';
import type { Resource } from '@medplum/fhirtypes';

type Store = Map<string, Map<string, Resource>>;
type HistoryStore = Map<string, Map<string, Resource[]>>;
interface MemoryInternals {
  resources: Store;
  history: HistoryStore;
}

/**
 * MemoryRepository whose `withTransaction` really rolls back: the base class runs the callback with no undo,
 * so a transaction Bundle failing half-way would leave its first entries written.
 */
export class SandboxRepository extends MemoryRepository {
  private queue: Promise<unknown> = Promise.resolve();

  override async withTransaction<TResult>(callback: (client: undefined) => Promise<TResult>): Promise<TResult> {
    const internals = this as unknown as MemoryInternals;
    const resources = copyStore(internals.resources);
    const history = copyHistory(internals.history);
    try {
      return await callback(undefined);
    } catch (err) {
      restore(internals.resources, resources);
      restore(internals.history, history);
      throw err;
    }
  }

  /**
   * Runs writes one at a time, so a transaction's snapshot and rollback cannot interleave with another write.
   * @param fn - The write to run.
   * @returns What `fn` returns.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function copyStore(store: Store): Store {
  return new Map([...store].map(([type, byId]) => [type, new Map(byId)]));
}

function copyHistory(store: HistoryStore): HistoryStore {
  return new Map([...store].map(([type, byId]) => [type, new Map([...byId].map(([id, v]) => [id, [...v]]))]));
}

function restore<V>(target: Map<string, V>, saved: Map<string, V>): void {
  target.clear();
  for (const [k, v] of saved) target.set(k, v);
}

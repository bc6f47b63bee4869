// A tiny scripted FHIR server for unit tests of the commit: it answers searches by identifier and tag, batches and
// transactions of conditional creates, reads, versioned updates and deletes, and can be told to behave as real
// servers do (run transactions entry by entry, refuse some types, cap transaction size, lose an answer).
import type { Bundle, BundleEntry, Identifier, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { FhirAnswer, FhirCall, FhirTransport } from '../../fhir/transport';
import { NoAnswerError } from '../../fhir/transport';

export interface FakeEhrOptions {
  /** Run a transaction as a batch (Medplum without atomic transactions). */
  batchTransactions?: boolean;
  /** Refuse creates of these types with 403. */
  refuseCreate?: string[];
  /** Refuse DELETE (403); updates then withdraw. */
  refuseDelete?: boolean;
  /** Refuse PUT (403). */
  refuseUpdate?: boolean;
  /** Refuse transactions with conditional entries larger than this (400 "strict isolation"). */
  maxConditional?: number;
  /** Drop the answer of the n-th write transaction (it is still applied). */
  loseAnswerOf?: number;
}

const outcome = (text: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: 'processing', details: { text } }],
});

/** The fake server: its store and the transport to reach it. */
export class FakeEhr {
  readonly store = new Map<string, Resource>();
  readonly calls: FhirCall[] = [];
  private nextId = 1;
  private writes = 0;

  constructor(readonly options: FakeEhrOptions = {}) {}

  get transport(): FhirTransport {
    return async (call: FhirCall) => {
      this.calls.push(structuredClone(call));
      return this.handle(call);
    };
  }

  ofType(type: string): Resource[] {
    return [...this.store.values()].filter((r) => r.resourceType === type);
  }

  private handle(call: FhirCall): FhirAnswer {
    if (call.method === 'POST' && call.path === '') return this.bundle(call.body as Bundle);
    if (call.method === 'GET') {
      const r = this.store.get(call.path);
      return r ? { status: 200, body: r } : { status: 404, body: outcome('not found') };
    }
    if (call.method === 'DELETE') {
      if (this.options.refuseDelete) return { status: 403, body: outcome('delete is not allowed') };
      this.store.delete(call.path);
      return { status: 200 };
    }
    if (call.method === 'PUT') {
      if (this.options.refuseUpdate) return { status: 403, body: outcome('update is not allowed') };
      const current = this.store.get(call.path);
      if (current && call.ifMatch && call.ifMatch !== `W/"${current.meta?.versionId}"`) {
        return { status: 412, body: outcome('version conflict') };
      }
      const version = String(Number(current?.meta?.versionId ?? '0') + 1);
      const stored = { ...call.body, meta: { ...call.body?.meta, versionId: version } } as Resource;
      this.store.set(call.path, stored);
      return { status: 200, body: stored };
    }
    return { status: 400, body: outcome('unsupported') };
  }

  private search(url: string): Resource[] {
    const [type = '', query = ''] = url.split('?');
    const params = new URLSearchParams(query);
    const [system, value] = (params.get('identifier') ?? params.get('_tag') ?? '|').split('|');
    return this.ofType(type).filter((r) => {
      const ids = (r as { identifier?: Identifier | Identifier[] }).identifier;
      const list = Array.isArray(ids) ? ids : ids ? [ids] : [];
      if (params.has('identifier')) return list.some((i) => i.system === system && i.value === value);
      return (r.meta?.tag ?? []).some((t) => t.system === system && t.code === value);
    });
  }

  private bundle(bundle: Bundle): FhirAnswer {
    const entries = bundle.entry ?? [];
    if (bundle.type === 'batch') {
      const entry = entries.map((e) => {
        const found = this.search(e.request?.url ?? '');
        return {
          resource: {
            resourceType: 'Bundle',
            type: 'searchset',
            total: found.length,
            entry: found.map((resource) => ({ resource, search: { mode: 'match' } })),
          },
          response: { status: '200 OK' },
        } as BundleEntry;
      });
      return { status: 200, body: { resourceType: 'Bundle', type: 'batch-response', entry } };
    }
    const conditional = entries.some((e) => e.request?.ifNoneExist);
    if (!this.options.batchTransactions && conditional && entries.length > (this.options.maxConditional ?? Infinity)) {
      return { status: 400, body: outcome('Transaction requires strict isolation but has too many entries') };
    }
    this.writes++;
    const snapshot = new Map(this.store);
    const ids = new Map<string, string>();
    const answers: BundleEntry[] = [];
    for (const e of entries) {
      const type = e.resource?.resourceType ?? '';
      if (this.options.refuseCreate?.includes(type)) {
        if (!this.options.batchTransactions) {
          this.restore(snapshot);
          return { status: 403, body: outcome(`no scope allowing create on ${type}`) };
        }
        answers.push({
          response: { status: '403 Forbidden', outcome: outcome(`no scope allowing create on ${type}`) },
        });
        continue;
      }
      const match = e.request?.ifNoneExist ? this.search(`${type}?${e.request.ifNoneExist}`)[0] : undefined;
      if (match) {
        ids.set(e.fullUrl ?? '', `${type}/${match.id}`);
        answers.push({ resource: match, response: { status: '200 OK', location: `${type}/${match.id}/_history/1` } });
        continue;
      }
      const id = `id${this.nextId++}`;
      ids.set(e.fullUrl ?? '', `${type}/${id}`);
      const stored = { ...e.resource, id, meta: { ...e.resource?.meta, versionId: '1' } } as Resource;
      this.store.set(`${type}/${id}`, stored);
      answers.push({ resource: stored, response: { status: '201 Created', location: `${type}/${id}/_history/1` } });
    }
    for (const [key, r] of this.store) this.store.set(key, rewrite(r, ids));
    if (this.options.loseAnswerOf === this.writes)
      throw new NoAnswerError('The FHIR server did not answer in time', true);
    return { status: 200, body: { resourceType: 'Bundle', type: 'transaction-response', entry: answers } };
  }

  private restore(snapshot: Map<string, Resource>): void {
    this.store.clear();
    for (const [k, v] of snapshot) this.store.set(k, v);
  }
}

function rewrite<T>(value: T, ids: Map<string, string>): T {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, ids)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = k === 'reference' && typeof v === 'string' ? (ids.get(v) ?? v) : rewrite(v, ids);
  return out as T;
}

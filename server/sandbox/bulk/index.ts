// FHIR Bulk Data export for the sandbox: the paths it answers below the FHIR base (`$export`, `Patient/$export`,
// `Group/<id>/$export`, `bulk/<job>` status and `bulk/<job>/<file>` downloads) and the errors it answers with.
import { getStatus, normalizeOperationOutcome } from '@medplum/core';
import type { Context } from 'hono';
import type { TokenSigner } from '../auth/jwt';
import type { Access } from '../fhir/access';
import type { FhirService } from '../fhir/fhir-service';
import { ownerOf } from './authorize';
import { downloadFile } from './files';
import { BulkJobStore, type JobStoreOptions, RETRY_AFTER_SECONDS } from './job-store';
import { type BulkContext, kickOff } from './kickoff';
import type { ExportLevel } from './params';
import { cancelJob, pollStatus } from './status';

export type { BulkManifest } from './status';

/** Limits of the sandbox's exports (all optional). */
export interface BulkOptions extends JobStoreOptions {
  /** NDJSON lines per file (default 10,000). */
  maxLinesPerFile?: number;
  /** Test seam: each job waits for the promise it returns before it starts. */
  startGate?: () => Promise<unknown>;
}

/** One request the bulk routes answer. */
export type BulkRoute =
  | { kind: 'kickoff'; level: ExportLevel; groupId?: string }
  | { kind: 'status'; id: string }
  | { kind: 'file'; id: string; name: string };

/**
 * Which bulk request a path (below the FHIR base, decoded) is, if any.
 * @param path - e.g. `Group/abc/$export` or `bulk/<job>`.
 * @returns The route, or undefined for every other FHIR request.
 */
export function bulkRoute(path: string): BulkRoute | undefined {
  const [a, b, c, ...rest] = path.split('/');
  if (rest.length > 0) return undefined;
  if (a === '$export' && b === undefined) return { kind: 'kickoff', level: 'system' };
  if (a === 'Patient' && b === '$export' && c === undefined) return { kind: 'kickoff', level: 'patient' };
  if (a === 'Group' && b && c === '$export') return { kind: 'kickoff', level: 'group', groupId: b };
  if (a === 'bulk' && b && c === undefined) return { kind: 'status', id: b };
  if (a === 'bulk' && b && c) return { kind: 'file', id: b, name: c };
  return undefined;
}

/** The sandbox's bulk export: its request handler and its jobs. */
export interface BulkExport {
  /**
   * Answers one bulk request (the caller has verified the token and matched {@link bulkRoute}).
   * @param c - The Hono context.
   * @param route - The matched route.
   * @param path - The path below the FHIR base.
   * @param access - The verified caller.
   */
  handle(c: Context, route: BulkRoute, path: string, access: Access): Promise<Response>;
  jobs: BulkJobStore;
}

const FHIR_JSON = { 'Content-Type': 'application/fhir+json; charset=utf-8' };

const ALLOWED: Record<BulkRoute['kind'], string[]> = {
  kickoff: ['GET', 'POST'],
  status: ['GET', 'DELETE'],
  file: ['GET'],
};

/**
 * Builds the bulk export of one sandbox.
 * @param deps - The FHIR service (data and scopes), token signer, FHIR base URL, and whether FHIR is open.
 * @param options - Job limits, file size, where files go.
 * @returns The handler and the job store.
 */
export function createBulkExport(
  deps: { service: FhirService; signer: TokenSigner; fhirBase: string; open: boolean },
  options: BulkOptions = {}
): BulkExport {
  const jobs = new BulkJobStore(options);
  const ctx: BulkContext = {
    service: deps.service,
    store: jobs,
    fhirBase: deps.fhirBase,
    open: deps.open,
    maxLinesPerFile: options.maxLinesPerFile,
    startGate: options.startGate,
  };
  const dispatch = async (c: Context, route: BulkRoute, path: string, access: Access): Promise<Response> => {
    const allowed = ALLOWED[route.kind];
    if (!allowed.includes(c.req.method)) {
      const text = `${c.req.method} is not supported here (use ${allowed.join(' or ')})`;
      const body = {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'not-supported', details: { text } }],
      };
      return new Response(JSON.stringify(body), { status: 405, headers: { ...FHIR_JSON, Allow: allowed.join(', ') } });
    }
    const owner = ownerOf(c, deps.signer, deps.open);
    if (route.kind === 'kickoff') return kickOff(c, ctx, { ...route, path }, access, owner);
    if (route.kind === 'file') return downloadFile(ctx, route.id, route.name, owner);
    return c.req.method === 'DELETE' ? cancelJob(ctx, route.id, owner) : pollStatus(ctx, route.id, owner);
  };
  return {
    jobs,
    handle: async (c, route, path, access) => {
      try {
        return await dispatch(c, route, path, access);
      } catch (err) {
        const outcome = normalizeOperationOutcome(err);
        const status = getStatus(outcome);
        const headers: Record<string, string> = { ...FHIR_JSON };
        if (status === 429) headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
        return new Response(JSON.stringify(outcome), { status, headers });
      }
    },
  };
}

// The Bulk Data kick-off (`$export` at system, Patient and Group level): checks the request and the token, decides what
// the job exports, files it and starts it in the background, answering 202 with the status URL in Content-Location.
import type { Group } from '@medplum/fhirtypes';
import type { Context } from 'hono';
import type { Access } from '../fhir/access';
import type { FhirService } from '../fhir/fhir-service';
import type { ScopedRepository } from '../fhir/scoped-repository';
import { exportTypes } from './authorize';
import { type ExportPlan, type Members, runExport } from './export-job';
import type { BulkJobStore } from './job-store';
import { type ExportLevel, type ExportRequest, parseKickoff } from './params';
import { postedParams } from './post-params';

/** What the kick-off, status and file routes share. */
export interface BulkContext {
  service: FhirService;
  store: BulkJobStore;
  fhirBase: string;
  /** True when the sandbox serves FHIR without tokens (then files need none either). */
  open: boolean;
  maxLinesPerFile?: number;
  /** Test seam: each job waits for the promise it returns before it starts, so a test can see a job queued. */
  startGate?: () => Promise<unknown>;
}

const PATIENT_REF = /(?:^|\/)Patient\/([^/]+)$/;

/** The active Patient members of a Group the caller may read (403/404 as a read of the Group would answer). */
async function groupMembers(view: ScopedRepository, id: string): Promise<Members> {
  const group = await view.readResource<Group>('Group', id);
  const ids = new Set<string>();
  for (const member of group.member ?? []) {
    const patient = member.inactive ? undefined : PATIENT_REF.exec(member.entity?.reference ?? '')?.[1];
    if (patient) ids.add(patient);
  }
  return { kind: 'patients', ids };
}

async function membersOf(request: ExportRequest, view: ScopedRepository): Promise<Members | undefined> {
  if (request.level === 'system') return undefined;
  if (request.level === 'patient') return { kind: 'all' };
  return groupMembers(view, request.groupId ?? '');
}

/**
 * Handles a kick-off request.
 * @param c - The Hono context (query, Accept and Prefer headers).
 * @param ctx - The bulk export's parts.
 * @param target - The level, the Group id, and the path below the FHIR base (for the manifest's `request`).
 * @param access - The verified caller.
 * @param owner - The client the job will belong to.
 * @returns 202 with Content-Location; throws an OperationOutcomeError (400, 403, 404, 429) otherwise.
 */
export async function kickOff(
  c: Context,
  ctx: BulkContext,
  target: { level: ExportLevel; groupId?: string; path: string },
  access: Access,
  owner: string
): Promise<Response> {
  const url = new URL(c.req.url);
  const params = c.req.method === 'POST' ? postedParams(await c.req.text(), url.searchParams) : url.searchParams;
  const request = parseKickoff({
    level: target.level,
    groupId: target.groupId,
    params,
    accept: c.req.header('accept'),
    prefer: c.req.header('prefer'),
  });
  const types = exportTypes(request, access);
  const view = ctx.service.view(access);
  const plan: ExportPlan = {
    types,
    members: await membersOf(request, view),
    since: request.since,
    ignored: request.ignored,
    maxLinesPerFile: ctx.maxLinesPerFile,
  };
  const query = params.toString();
  const job = ctx.store.create(owner, `${ctx.fhirBase}/${target.path}${query ? `?${query}` : ''}`);
  void runExport(job, plan, view, ctx.store, ctx.startGate?.());
  const statusUrl = `${ctx.fhirBase}/bulk/${job.id}`;
  const body = {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'information', code: 'informational', details: { text: `Export started; poll ${statusUrl}` } }],
  };
  return new Response(JSON.stringify(body), {
    status: 202,
    headers: { 'Content-Type': 'application/fhir+json; charset=utf-8', 'Content-Location': statusUrl },
  });
}

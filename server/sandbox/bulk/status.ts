// The Bulk Data status URL: 202 with X-Progress and Retry-After while a job runs, the manifest (200) when it is
// complete, its OperationOutcome when it failed; DELETE cancels it (or releases its files) and later polls get 404.
import { notFound, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { BulkJob } from './job-store';
import { RETRY_AFTER_SECONDS } from './job-store';
import type { BulkContext } from './kickoff';
import type { NdjsonFile } from './writer';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The completion manifest (Bulk Data IG "Response - Complete Status"). */
export interface BulkManifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  error: { type: string; url: string; count: number }[];
}

/** 404 for an unknown, expired, cancelled or someone else's job: the answer never tells which. */
export function noSuchJob(): OperationOutcomeError {
  return new OperationOutcomeError({
    ...notFound,
    issue: [{ severity: 'error', code: 'not-found', details: { text: 'No such export for this client' } }],
  });
}

/** The download URL of one of a job's files. */
export function fileUrl(ctx: BulkContext, job: BulkJob, file: NdjsonFile): string {
  return `${ctx.fhirBase}/bulk/${job.id}/${file.name}`;
}

/**
 * The manifest of a complete job.
 * @param ctx - The bulk export's parts.
 * @param job - A complete job.
 * @returns The manifest.
 */
export function manifestOf(ctx: BulkContext, job: BulkJob): BulkManifest {
  const item = (f: NdjsonFile) => ({ type: f.type, url: fileUrl(ctx, job, f), count: f.count });
  return {
    transactionTime: job.transactionTime,
    request: job.request,
    requiresAccessToken: !ctx.open,
    output: job.output.map(item),
    error: job.error.map(item),
  };
}

/**
 * Answers a poll of the status URL.
 * @param ctx - The bulk export's parts.
 * @param id - The job id from the URL.
 * @param owner - The asking client.
 * @returns 202 (running), 200 (manifest) or the failure's status; throws 404 for a job this client cannot see.
 */
export function pollStatus(ctx: BulkContext, id: string, owner: string): Response {
  const job = ctx.store.get(id, owner);
  if (!job) throw noSuchJob();
  if (job.state === 'queued' || job.state === 'running') {
    return new Response(null, {
      status: 202,
      headers: { 'X-Progress': job.progress.slice(0, 99), 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  if (job.state === 'failed') throw new OperationOutcomeError(job.failure as OperationOutcome);
  const expires = new Date(job.expiresAt ?? Date.now()).toUTCString();
  return new Response(JSON.stringify(manifestOf(ctx, job)), {
    status: 200,
    headers: { 'Content-Type': 'application/json', Expires: expires },
  });
}

/**
 * Cancels a running job, or deletes a finished one's files.
 * @param ctx - The bulk export's parts.
 * @param id - The job id.
 * @param owner - The asking client.
 * @returns 202; throws 404 for a job this client cannot see.
 */
export function cancelJob(ctx: BulkContext, id: string, owner: string): Response {
  if (!ctx.store.get(id, owner)) throw noSuchJob();
  ctx.store.remove(id);
  const body = {
    resourceType: 'OperationOutcome',
    issue: [
      { severity: 'information', code: 'informational', details: { text: 'Export cancelled; its files are deleted' } },
    ],
  };
  return new Response(JSON.stringify(body), { status: 202, headers: { 'Content-Type': FHIR_JSON } });
}

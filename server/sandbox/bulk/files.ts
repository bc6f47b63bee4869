// Serves a finished export's NDJSON files to the client that started it, streamed from disk.
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { BulkContext } from './kickoff';
import { noSuchJob } from './status';

/**
 * Answers `GET [base]/bulk/<job>/<file>`.
 * @param ctx - The bulk export's parts.
 * @param id - The job id.
 * @param name - The file name (looked up in the job's list, never used as a path unless listed).
 * @param owner - The asking client.
 * @returns The file as `application/fhir+ndjson`; throws 404 for anything this client cannot download.
 */
export async function downloadFile(ctx: BulkContext, id: string, name: string, owner: string): Promise<Response> {
  const job = ctx.store.get(id, owner);
  if (job?.state !== 'complete') throw noSuchJob();
  const file = [...job.output, ...job.error].find((f) => f.name === name);
  if (!file) throw noSuchJob();
  const stream = createReadStream(join(job.dir, file.name));
  try {
    await once(stream, 'open');
  } catch {
    throw noSuchJob();
  }
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: { 'Content-Type': 'application/fhir+ndjson' },
  });
}

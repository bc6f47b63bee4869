// A job's result as it travels through Redis: its resources as one NDJSON text, deflated and base64-encoded. Offline,
// a synthetic patient's 24 KB of JSON travel as 10 KB (the workup report's own base64 HTML hardly compresses). Redis
// holds a result in its job (the newest KEEP_RESULTS jobs are kept: ~240 MB unpacked, ~100 MB packed) and in the
// queue's `completed` event, and each job costs Redis and the coordinator's event reader less to store and move.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Resource } from '@medplum/fhirtypes';
import { registryError } from './errors';
import type { JobResult } from './job';

/** A JobResult with its resources packed. */
export interface PackedResult extends Omit<JobResult, 'resources'> {
  /** How many resources the text holds (checked when it is unpacked). */
  count: number;
  /** The resources, one JSON per line, deflated (raw) and base64-encoded. */
  ndjson: string;
}

/** The most an unpacked result may take: far above any patient's output, far below what would hurt the coordinator. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

/**
 * Packs a result for Redis.
 * @param result - What the job gave back.
 * @returns The same result with its resources as deflated NDJSON.
 */
export function packResult(result: JobResult): PackedResult {
  const { resources, ...rest } = result;
  const text = resources.map((r) => `${JSON.stringify(r)}\n`).join('');
  // Level 1: faster than the default level (~65 µs against ~105 µs for 24 KB), for ~10 % more bytes.
  return { ...rest, count: resources.length, ndjson: deflateRawSync(text, { level: 1 }).toString('base64') };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON.parse whose error says where, never what (its own message quotes the text: patient data). */
function parse(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw registryError('invalid', `The job result is unreadable: ${what} is not JSON`);
  }
}

/**
 * Reads a result back from Redis.
 * @param value - The job's return value (BullMQ gives it parsed from a job, as JSON text in an event).
 * @returns The result with its resources; a result a worker of an earlier version returned unpacked is taken as is.
 * Throws (an `invalid` outcome whose text holds no patient data) when the value is no result, its text does not inflate
 * or parse, or it holds another number of resources than it announced.
 */
export function unpackResult(value: unknown): JobResult {
  const unreadable = (why: string) => registryError('invalid', `The job result is unreadable: ${why}`);
  const v = typeof value === 'string' ? parse(value, 'it') : value;
  if (!isObject(v) || typeof v.patientId !== 'string') throw unreadable('it is not a job result');
  if (Array.isArray(v.resources)) return v as unknown as JobResult;
  if (typeof v.ndjson !== 'string' || typeof v.count !== 'number') throw unreadable('it holds no resources');
  const { ndjson, count, ...rest } = v;
  let text: string;
  try {
    text = inflateRawSync(Buffer.from(ndjson, 'base64'), { maxOutputLength: MAX_UNPACKED_BYTES }).toString('utf8');
  } catch {
    throw unreadable('its resources do not inflate');
  }
  const resources: Resource[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (!line) continue;
    const resource = parse(line, `line ${i + 1} of its resources`);
    if (!isObject(resource) || typeof resource.resourceType !== 'string') {
      throw unreadable(`line ${i + 1} of its resources is not a resource`);
    }
    resources.push(resource as unknown as Resource);
  }
  if (resources.length !== count)
    throw unreadable(`it holds ${resources.length} resources where it announced ${count}`);
  return { ...(rest as Omit<JobResult, 'resources'>), resources };
}

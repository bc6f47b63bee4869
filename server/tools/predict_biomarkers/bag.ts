// Gets a histology feature bag (tiles × features) from the record, a local file or inline numbers, and checks it
// is something the model can be run on before any inference happens.
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { DocumentReference } from '@medplum/fhirtypes';
import { decodeNpy, type NpyArray } from '../../../common/npy/npy';
import { readAttachment } from '../../fhir/dicom';
import { type FhirClient, withRetries } from '../../fhir/fhir-client';
import { ToolInputError } from '../types';

export const NPY_CONTENT_TYPE = 'application/x-npy';
/** More tiles than any whole-slide bag at 20× needs; also bounds memory. */
export const MAX_TILES = 100_000;
const MAX_BYTES = 256 * 1024 * 1024;
const REFERENCE = /^DocumentReference\/([A-Za-z0-9\-.]{1,64})$/;

/** Where the bag comes from, as the tool's `features` parameter allows. */
export type FeaturesArg = string | { shape: number[]; data: number[] };

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** True when the argument names a DocumentReference rather than a file. */
export function isDocumentReference(arg: string): boolean {
  return REFERENCE.test(arg);
}

async function fromDocumentReference(fhir: FhirClient, reference: string): Promise<NpyArray> {
  const id = REFERENCE.exec(reference)?.[1] as string;
  let doc: DocumentReference;
  let bytes: Uint8Array;
  try {
    doc = (await withRetries(fhir, (signal) =>
      fhir.client.read({ resourceType: 'DocumentReference', id, options: { signal } })
    )) as unknown as DocumentReference;
  } catch (err) {
    throw new ToolInputError(`Could not read ${reference}: ${message(err)}`);
  }
  const attachment = doc.content?.find((c) => c.attachment?.contentType?.startsWith(NPY_CONTENT_TYPE))?.attachment;
  if (!attachment) throw new ToolInputError(`${reference} has no ${NPY_CONTENT_TYPE} attachment (a feature bag)`);
  try {
    bytes = (await readAttachment(fhir, attachment, { maxBytes: MAX_BYTES })).bytes;
  } catch (err) {
    throw new ToolInputError(`Could not read the attachment of ${reference}: ${message(err)}`);
  }
  return decode(bytes, reference);
}

async function fromFile(path: string): Promise<NpyArray> {
  const full = resolve(path);
  const info = await stat(full).catch(() => undefined);
  // Messages name the file only: the folder it sits in is the server's business.
  if (!info?.isFile()) throw new ToolInputError(`No feature file ${basename(full)}`);
  if (info.size > MAX_BYTES) throw new ToolInputError(`${basename(full)} is larger than ${MAX_BYTES / 2 ** 20} MiB`);
  return decode(new Uint8Array(await readFile(full)), basename(full));
}

function decode(bytes: Uint8Array, source: string): NpyArray {
  try {
    return decodeNpy(bytes);
  } catch (err) {
    throw new ToolInputError(`${source}: ${message(err)}`);
  }
}

/**
 * Loads the bag named by the `features` argument.
 * @param arg - `DocumentReference/<id>`, a local .npy path (only without a FHIR server), or inline shape + data.
 * @param fhir - The EHR's FHIR client inside a workup; local files are refused when it is set.
 * @returns The array and a short description of its source (for citing; a local path is reduced to its file name).
 */
export async function loadBag(
  arg: FeaturesArg,
  fhir: FhirClient | undefined
): Promise<{ bag: NpyArray; source: string }> {
  if (typeof arg !== 'string') {
    const count = arg.shape.reduce((a, b) => a * b, 1);
    if (count !== arg.data.length) {
      throw new ToolInputError(`Inline features: shape [${arg.shape}] needs ${count} values, got ${arg.data.length}`);
    }
    return { bag: { shape: [...arg.shape], data: Float32Array.from(arg.data) }, source: 'inline' };
  }
  if (isDocumentReference(arg)) {
    if (!fhir) throw new ToolInputError(`${arg} can only be read with a connection to a FHIR server`);
    return { bag: await fromDocumentReference(fhir, arg), source: arg };
  }
  if (fhir) {
    throw new ToolInputError(
      `Local files are not read inside a workup; pass the feature bag as DocumentReference/<id> (got ${arg})`
    );
  }
  return { bag: await fromFile(arg), source: basename(arg) };
}

/**
 * Refuses bags the model cannot take: not a 2-D matrix, no tiles, too many tiles, wrong width, NaN or Infinity.
 * @param bag - The decoded array.
 * @param inputDim - Features per tile the model expects.
 * @param modelId - Named in the width error.
 * @returns Tiles and features per tile.
 */
export function checkBag(bag: NpyArray, inputDim: number, modelId: string): { n: number; d: number } {
  if (bag.shape.length !== 2) {
    throw new ToolInputError(`The feature bag must be a 2-D matrix (tiles × features); its shape is (${bag.shape})`);
  }
  const [n, d] = bag.shape;
  if (n < 1) throw new ToolInputError('The feature bag holds no tiles');
  if (n > MAX_TILES) throw new ToolInputError(`The feature bag holds ${n} tiles; at most ${MAX_TILES} are allowed`);
  if (d !== inputDim) {
    throw new ToolInputError(
      `The feature bag has ${d} features per tile but model ${modelId} expects ${inputDim}: ` +
        'the features must come from the extractor the model was built for'
    );
  }
  const bad = bag.data.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) {
    throw new ToolInputError(
      `The feature bag holds a non-finite value (NaN or Infinity) at tile ${Math.floor(bad / d)}, feature ${bad % d}`
    );
  }
  return { n, d };
}

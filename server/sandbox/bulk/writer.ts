// Appends resources to NDJSON files, one file per resource type split every `maxLines` lines, waiting for the disk when
// it falls behind, so an export never holds more than one line of text per type in memory.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Resource } from '@medplum/fhirtypes';

/** Lines per file before the writer starts the next one (the IG leaves the split to the server). */
export const DEFAULT_MAX_LINES = 10_000;

/** One written file. */
export interface NdjsonFile {
  type: string;
  /** The file's name inside the job directory (also the last segment of its download URL). */
  name: string;
  count: number;
}

interface OpenFile {
  file: NdjsonFile;
  stream: WriteStream;
}

/** Writes NDJSON files into one directory; names are `<prefix><Type>-<n>.ndjson`. */
export class NdjsonWriter {
  private readonly files: NdjsonFile[] = [];
  private readonly open = new Map<string, OpenFile>();
  private readonly parts = new Map<string, number>();
  private failure: Error | undefined;

  /**
   * @param dir - The directory (must exist).
   * @param options - `maxLines` per file (default 10,000); `prefix` of the file names (e.g. `error-`).
   */
  constructor(
    private readonly dir: string,
    private readonly options: { maxLines?: number; prefix?: string } = {}
  ) {}

  /**
   * Appends one resource as one line; resolves once the stream can take more.
   * @param resource - The resource (serialised as is).
   */
  async write(resource: Resource): Promise<void> {
    if (this.failure) throw this.failure;
    const current = await this.fileFor(resource.resourceType);
    current.file.count++;
    if (!current.stream.write(`${JSON.stringify(resource)}\n`)) await once(current.stream, 'drain');
  }

  /**
   * Closes every file.
   * @returns The files written, in the order they were started.
   */
  async close(): Promise<NdjsonFile[]> {
    await Promise.all([...this.open.values()].map((o) => finish(o.stream)));
    this.open.clear();
    if (this.failure) throw this.failure;
    return [...this.files];
  }

  /** Stops writing without waiting (the caller deletes the directory). */
  abort(): void {
    for (const o of this.open.values()) o.stream.destroy();
    this.open.clear();
  }

  private async fileFor(type: string): Promise<OpenFile> {
    const current = this.open.get(type);
    if (current && current.file.count < (this.options.maxLines ?? DEFAULT_MAX_LINES)) return current;
    if (current) await finish(current.stream);
    const part = (this.parts.get(type) ?? 0) + 1;
    this.parts.set(type, part);
    const file: NdjsonFile = { type, name: `${this.options.prefix ?? ''}${type}-${part}.ndjson`, count: 0 };
    const next = { file, stream: createWriteStream(join(this.dir, file.name), { flags: 'wx' }) };
    // Kept for write() and close() to throw: an unhandled stream error would end the whole process.
    next.stream.on('error', (err) => {
      this.failure ??= err;
    });
    this.files.push(file);
    this.open.set(type, next);
    return next;
  }
}

async function finish(stream: WriteStream): Promise<void> {
  if (stream.destroyed) return;
  stream.end();
  await once(stream, 'close');
}

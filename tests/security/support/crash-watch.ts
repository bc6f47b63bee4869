// Counts unhandled rejections and uncaught exceptions while a fuzz file runs: "no crash" must be checked, not assumed.
import { afterAll } from 'vitest';

export interface CrashWatch {
  /** How many were seen so far. */
  seen(): number;
  /** The first few, for the failure message. */
  describe(): string;
}

/**
 * Listens for unhandled rejections and uncaught exceptions until the file ends.
 * @returns The watch.
 */
export function watchCrashes(): CrashWatch {
  const errors: string[] = [];
  const onError = (err: unknown) => errors.push(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  process.on('unhandledRejection', onError);
  process.on('uncaughtException', onError);
  afterAll(() => {
    process.off('unhandledRejection', onError);
    process.off('uncaughtException', onError);
  });
  return { seen: () => errors.length, describe: () => errors.slice(0, 5).join('\n') };
}

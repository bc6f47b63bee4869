// OncoAgent's version, read once from its package.json: the one source for /api/health, `--version` and the banner.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

const Manifest = z.object({ name: z.string(), version: z.string().min(1) });

/**
 * Finds the package's own manifest by walking up from `start` (a checkout and an installed package alike).
 * @param start - The folder to start from.
 * @param name - The package name to look for.
 * @returns The version; throws when no manifest of that package is above `start`.
 */
export function readPackageVersion(start: string, name = 'oncoagent'): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = Manifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (manifest.success && manifest.data.name === name) return manifest.data.version;
    }
    if (dirname(dir) === dir) throw new Error(`No package.json of ${name} above ${start}`);
  }
}

/** The version of this OncoAgent (package.json `version`). */
export const VERSION: string = readPackageVersion(import.meta.dirname);

// Keeps the module seams of DESIGN §2 from decaying: the browser and the server meet only in common/, the API app never
// loads the sandbox EHR, the environment is read only by the config module, and contract types are never forced by a cast.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every TypeScript file under a top-level folder, as a path relative to the repository root. */
function sources(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, folder));
  return out;
}

const isTest = (file: string): boolean => /\.(test|bench)\.tsx?$/.test(file) || /(^|\/)testing\//.test(file);

/** The repository paths a file imports (relative specifiers only: packages are not seams). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g)].map(
    (m) => m[1] ?? ''
  );
  return specifiers.map((s) => relative(ROOT, resolve(dirname(join(ROOT, file)), s)));
}

/** `file → imported path` pairs that cross into a forbidden folder. */
function crossings(files: string[], forbidden: string[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((f) => target === f || target.startsWith(`${f}/`)))
      .map((target) => `${file} → ${target}`)
  );
}

describe('module seams', () => {
  it('the browser imports nothing from the server, and the server nothing from the browser', () => {
    expect(crossings(sources('src'), ['server'])).toEqual([]);
    expect(crossings(sources('server'), ['src'])).toEqual([]);
  });

  it('common/ depends on neither side', () => {
    expect(crossings(sources('common'), ['server', 'src'])).toEqual([]);
  });

  it('the API app never loads the sandbox EHR (the CLI composes it)', () => {
    const api = sources('server/http').filter((f) => !isTest(f));
    expect(crossings(api, ['server/sandbox'])).toEqual([]);
  });

  it('only the config module reads the environment', () => {
    const readers = [...sources('server'), ...sources('common')]
      .filter((f) => !isTest(f) && !f.startsWith('server/config/'))
      .filter((f) => /process\.env\b/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(readers).toEqual([]);
  });

  it('no contract type is forced with `as unknown as`', () => {
    const contracts = sources('common/contracts').filter((f) => !isTest(f));
    const names = new Set(
      contracts.flatMap((f) =>
        [...readFileSync(join(ROOT, f), 'utf8').matchAll(/export (?:type|interface|const) ([A-Z]\w*)/g)].map(
          (m) => m[1]
        )
      )
    );
    expect(names.size).toBeGreaterThan(10);
    const casts = [...sources('server'), ...sources('src'), ...sources('common')]
      .filter((f) => !isTest(f))
      .flatMap((f) =>
        [...readFileSync(join(ROOT, f), 'utf8').matchAll(/as unknown as (\w+)/g)]
          .filter((m) => names.has(m[1] ?? ''))
          .map((m) => `${f}: as unknown as ${m[1]}`)
      );
    expect(casts).toEqual([]);
  });
});

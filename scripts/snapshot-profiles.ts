// Regenerates the snapshot of every profile in fhir-profiles/StructureDefinition from its differential, then formats
// the files with Biome (the repository's formatter).
// Run: npx tsx scripts/snapshot-profiles.ts        (writes the files)
//      npx tsx scripts/snapshot-profiles.ts --check (exit 1 when a committed snapshot is out of date)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { StructureDefinition } from '@medplum/fhirtypes';
import { PROFILES_DIR } from '../server/writeback/profiles';
import { withSnapshot } from '../server/writeback/snapshot';

const dir = join(PROFILES_DIR, 'StructureDefinition');
const check = process.argv.includes('--check');
const written: string[] = [];
let stale = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const path = join(dir, file);
  const sd = JSON.parse(readFileSync(path, 'utf8')) as StructureDefinition;
  if (`${sd.id}.json` !== file) throw new Error(`${file}: the file must be named by the id (${sd.id}.json)`);
  const next = withSnapshot(sd);
  if (isDeepStrictEqual(next, sd)) continue;
  stale++;
  if (check) {
    console.error(`${file}: snapshot out of date`);
  } else {
    writeFileSync(path, `${JSON.stringify(next, null, 2)}\n`);
    written.push(path);
    console.log(`wrote ${file} (${sd.differential?.element?.length ?? 0} differential elements)`);
  }
}
if (written.length) {
  execFileSync(resolve(import.meta.dirname, '../node_modules/.bin/biome'), ['format', '--write', ...written], {
    stdio: 'inherit',
  });
}
if (check && stale) process.exitCode = 1;

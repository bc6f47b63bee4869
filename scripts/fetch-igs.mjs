#!/usr/bin/env node
// Fetches the HL7 implementation-guide packages pinned in server/ig/packages.json (mCODE, SDC) with `npm pack`, checks
// each tarball against its pinned sha512 integrity and unpacks it into the cache, because `npm install` of them fails
// (their dependency hl7.fhir.r4.core@4.0.1 is not on the npm registry) and their files must never be committed.
// Run: node scripts/fetch-igs.mjs [mcode|sdc ...] [--optional]
//   cache: $ONCOAGENT_IG_DIR, else $ONCOAGENT_DATA_DIR/igs, else node_modules/.cache/oncoagent-igs
//   --optional (postinstall): a package that cannot be fetched (offline) is a warning; a wrong hash still fails.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const pins = JSON.parse(readFileSync(join(root, 'server/ig/packages.json'), 'utf8'));
const args = process.argv.slice(2);
const optional = args.includes('--optional');
const wanted = args.filter((a) => !a.startsWith('--'));
const cache =
  process.env.ONCOAGENT_IG_DIR ||
  (process.env.ONCOAGENT_DATA_DIR
    ? join(process.env.ONCOAGENT_DATA_DIR, 'igs')
    : join(root, 'node_modules/.cache/oncoagent-igs'));

/** The folder a package is unpacked into (its files are under `package/`). */
const target = (pin) => join(cache, `${pin.name}#${pin.version}`);

function fetchOne(id) {
  const pin = pins[id];
  if (!pin) throw new Error(`Unknown implementation guide "${id}" (known: ${Object.keys(pins).join(', ')})`);
  const dir = target(pin);
  if (existsSync(join(dir, 'package', 'package.json'))) return `${pin.name}@${pin.version}: already in ${dir}`;
  mkdirSync(cache, { recursive: true });
  const tmp = mkdtempSync(join(cache, '.fetch-'));
  try {
    const out = execFileSync('npm', ['pack', `${pin.name}@${pin.version}`, '--json', '--pack-destination', tmp], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    const file = join(tmp, JSON.parse(out)[0].filename);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
    if (integrity !== pin.integrity) {
      const err = new Error(`${pin.name}@${pin.version}: integrity ${integrity} is not the pinned ${pin.integrity}`);
      err.integrity = true;
      throw err;
    }
    const unpacked = join(tmp, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', file, '-C', unpacked, '--no-same-owner']);
    if (!existsSync(join(unpacked, 'package', 'package.json'))) throw new Error(`${pin.name}: no package/package.json`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
    return `${pin.name}@${pin.version}: fetched, integrity checked, unpacked into ${dir}`;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

let failed = false;
for (const id of wanted.length ? wanted : Object.keys(pins)) {
  try {
    console.log(fetchOne(id));
  } catch (err) {
    const text = String(err.stderr || err.message)
      .trim()
      .split('\n')[0];
    console.error(`fetch-igs: ${id}: ${text}`);
    if (!optional || err.integrity) failed = true;
    else
      console.error('fetch-igs: continuing (--optional); `oncoagent validate --ig` will say the guide is unavailable');
  }
}
if (failed) process.exitCode = 1;

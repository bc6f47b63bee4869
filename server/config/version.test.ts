// The version comes from package.json, found from a checkout or an installed package.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPackageVersion, VERSION } from './version';

const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
};

describe('VERSION', () => {
  it("is package.json's version", () => {
    expect(VERSION).toBe(manifest.version);
  });

  it("is found above the module in an installed package, skipping other packages' manifests", () => {
    const root = mkdtempSync(join(tmpdir(), 'oncoagent-version-'));
    const installed = join(root, 'node_modules', 'oncoagent');
    const nested = join(installed, 'server', 'config');
    mkdirSync(nested, { recursive: true });
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'host-app', version: '9.9.9' }));
    writeFileSync(join(installed, 'package.json'), JSON.stringify({ name: 'oncoagent', version: '2.3.4' }));
    writeFileSync(join(installed, 'server', 'package.json'), JSON.stringify({ type: 'module' }));
    expect(readPackageVersion(nested)).toBe('2.3.4');
    expect(() => readPackageVersion(root)).toThrow(/No package.json of oncoagent/);
  });
});

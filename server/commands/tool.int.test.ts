// The `oncoagent tool` command as a user runs it: JSON out, exit 1 on bad arguments, 2 when a dependency is missing.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/registry';

const BIN = resolve(import.meta.dirname, '../../bin/oncoagent.js');

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ONCOAGENT_WEB_SEARCH: 'off' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('oncoagent tool', () => {
  it('lists every registered tool with a JSON schema of its parameters', () => {
    const r = run('tool', '--list');
    expect(r.code).toBe(0);
    const specs = JSON.parse(r.stdout) as { name: string; parameters: { type?: string } }[];
    expect(specs.map((s) => s.name)).toEqual(TOOLS.map((t) => t.name));
    for (const spec of specs) expect(spec.parameters.type).toBe('object');
  });

  it('runs a tool and prints its result', () => {
    const r = run('tool', 'calculator', '{"expression": "(1 + 2) * 4"}');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).output.value).toBe(12);
  });

  it('exits 1 with the zod message on invalid arguments, and on unknown tools', () => {
    const bad = run('tool', 'calculator', '{"expr": 1}');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/expression/);
    expect(run('tool', 'no_such_tool').code).toBe(1);
    expect(run('tool', 'calculator', '{not json').code).toBe(1);
  });

  it('exits 2 when the tool is unavailable here', () => {
    const r = run('tool', 'web_search', '{"query": "FOLFOX"}');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).status).toBe('unavailable');
  });
});

// The unit project's guard (tests/support/unit-guard.ts) is in force: sockets and child processes are refused there.
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';

describe('unit guard', () => {
  it('refuses a listening socket', () => {
    expect(() => createServer().listen(0)).toThrow(/int project/);
  });

  it('refuses a child process', () => {
    expect(() => spawn('node', ['--version'])).toThrow(/child process \(spawn\)/);
    expect(() => execFileSync('node', ['--version'])).toThrow(/child process \(execFileSync\)/);
  });
});

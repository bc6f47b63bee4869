// `oncoagent workup --follow-up` and `oncoagent follow-up --from FILE` against the sandbox over HTTP: follow-ups run
// after the workup in the same process and print after it; a saved result is continued from its file (the last
// document in it) without re-running a call; bad or missing files and another patient exit 1.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowUpResult, WorkupResult } from '../../common/contracts';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { createWorkupDeps } from '../agent/deps';
import { program } from '../cli';
import { demoId } from '../sandbox/demo/portable';
import { CliError } from './cli-error';
import { followUpCommand } from './follow-up';
import { workupCommand } from './workup';

let ehr: TestServer;
let dir: string;
const PATIENT = demoId('demo-colon-new');
const LITERATURE = 'Search the literature for recent trials in this setting';
const deps = () =>
  createWorkupDeps({ answerer: createTestAnswerer(), traceDir: false, env: { ONCOAGENT_OFFLINE: '1' } });

function capture() {
  let text = '';
  return { io: { stdout: { write: (t: string) => (text += t) } }, text: () => text };
}

async function exitCode(run: Promise<unknown>): Promise<number> {
  try {
    await run;
    return 0;
  } catch (err) {
    if (err instanceof CliError) return err.exitCode;
    throw err;
  }
}

const connection = () => ({ fhir: ehr.fhirBase, clientId: 'oncoagent-cli', clientSecret: 'test-secret' });

beforeAll(async () => {
  ehr = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'oncoagent-follow-up-'));
});
afterAll(async () => {
  await ehr?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('follow-up commands', () => {
  it('asks --follow-up questions after the workup and continues the saved JSON with `follow-up --from`', async () => {
    const out = capture();
    const flags = { ...connection(), patient: PATIENT, json: true, followUp: [LITERATURE] };
    const workup = await workupCommand(flags, deps, out.io);
    // One JSON document per result: the workup, then its follow-up.
    const docs = out
      .text()
      .split(/\n(?=\{)/)
      .map((d) => JSON.parse(d) as WorkupResult & Partial<FollowUpResult>);
    expect(docs.map((d) => d.id)).toEqual([workup.id, expect.any(String)]);
    const followUp = docs[1]!;
    expect(followUp.parentId).toBe(workup.id);
    expect(followUp.question).toBe(LITERATURE);
    const ran = followUp.toolCalls.filter((c) => followUp.ranCallIds?.includes(c.id)).map((c) => c.tool);
    expect(ran).toEqual(['pubmed_search']);

    const file = join(dir, 'workup.json');
    writeFileSync(file, out.text());
    const again = capture();
    const [next] = await followUpCommand({ ...connection(), from: file, question: [LITERATURE] }, deps, again.io);
    // The file's last document (the follow-up) is continued: its search is not run again.
    expect(next!.parentId).toBe(followUp.id);
    expect(next!.ranCallIds).toEqual([]);
    expect(again.text()).toMatch(/^\n## Follow-up: Search the literature/);
    expect(again.text()).toContain(`follows ${followUp.id}`);
  });

  it('prints each follow-up as Markdown after the workup report, in order', async () => {
    const out = capture();
    const questions = ['What is the stage?', LITERATURE];
    await workupCommand({ ...connection(), patient: PATIENT, followUp: questions }, deps, out.io);
    const text = out.text();
    const report = text.indexOf('# Tumour-board workup');
    const first = text.indexOf('## Follow-up: What is the stage?');
    const second = text.indexOf(`## Follow-up: ${LITERATURE}`);
    expect(report).toBe(0);
    expect(first).toBeGreaterThan(report);
    expect(second).toBeGreaterThan(first);
  });

  it('exits 1 for a missing or unreadable file, a file that is no workup, another patient or no question', async () => {
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, 'hello');
    const notWorkup = join(dir, 'other.json');
    writeFileSync(notWorkup, JSON.stringify({ resourceType: 'Patient' }));
    const saved = join(dir, 'saved.json');
    const out = capture();
    await workupCommand({ ...connection(), patient: PATIENT, json: true }, deps, out.io);
    writeFileSync(saved, out.text());
    const cases: [Parameters<typeof followUpCommand>[0], RegExp][] = [
      [{ ...connection(), question: ['Why?'] }, /--from FILE is required/],
      [{ ...connection(), from: join(dir, 'missing.json'), question: ['Why?'] }, /cannot read/],
      [{ ...connection(), from: notJson, question: ['Why?'] }, /is not JSON/],
      [{ ...connection(), from: notWorkup, question: ['Why?'] }, /is not a workup result/],
      [{ ...connection(), from: saved }, /--question is required/],
      [{ ...connection(), from: saved, question: ['  '] }, /question 1/],
      [{ ...connection(), from: saved, question: ['Why?'], patient: demoId('demo-hcc') }, /another patient/],
    ];
    for (const [flags, message] of cases) {
      const run = followUpCommand(flags, deps, capture().io);
      await expect(run).rejects.toThrow(message);
      expect(await exitCode(followUpCommand(flags, deps, capture().io))).toBe(1);
    }
  });

  it('is wired into the CLI: `workup --follow-up` (repeatable) and `follow-up --from --question`', () => {
    const commands = program().commands;
    const workup = commands.find((c) => c.name() === 'workup');
    expect(workup?.options.map((o) => o.long)).toContain('--follow-up');
    const followUp = commands.find((c) => c.name() === 'follow-up');
    const longs = followUp?.options.map((o) => o.long) ?? [];
    for (const flag of ['--from', '--question', '--fhir', '--patient', '--token', '--client-id', '--sandbox', '--json'])
      expect(longs).toContain(flag);
    const parsed = followUp!.parseOptions(['--question', 'one', '--question', 'two']);
    expect(parsed.unknown).toEqual([]);
    expect(followUp!.opts().question).toEqual(['one', 'two']);
  });
});

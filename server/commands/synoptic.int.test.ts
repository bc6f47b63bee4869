// The synoptic CLI pieces end to end: text and NDJSON modes, errors and exit codes, eval, and the benchmark with a
// scripted OpenAI-compatible server on 127.0.0.1 answering as a noisy extractor.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateResource } from '@medplum/core';
import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reply, type ScriptedOpenAI, startScriptedOpenAI } from '../../tests/support/scripted-openai';
import { ensureDefinitions } from '../fhir/definitions';
import { batchKillResume, compareStrategies, offlineThroughput } from '../synoptic/eval/bench';
import { readEvalCases } from '../synoptic/eval/cases';
import { noisyAnswer } from '../synoptic/eval/noisy-extractor';
import { COLORECTAL, FIXTURE_DIR, LUNG } from '../synoptic/testdata/fixtures';
import { CliError, UnavailableError } from './cli-error';
import { benchSynoptic, evalSynopticCommand, synopticCommand } from './synoptic';

const dir = mkdtempSync(join(tmpdir(), 'synoptic-cli-'));
let server: ScriptedOpenAI;
const saved = { ...process.env };

beforeAll(async () => {
  ensureDefinitions();
  server = await startScriptedOpenAI((body) => {
    const out = noisyAnswer(body.messages[1].content);
    return out
      ? reply.json(out, { usage: [Math.ceil(JSON.stringify(body.messages).length / 4), 30] })
      : reply.httpError(400, 'not an item prompt');
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  process.env = { ...saved };
  vi.restoreAllMocks();
});

function stdout(): { text: () => string } {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  return { text: () => out };
}

const file = (name: string, content: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

describe('oncoagent synoptic', () => {
  it('--text --json prints a valid QuestionnaireResponse (offline); without --json a readable summary', async () => {
    const path = file('c06.txt', COLORECTAL.find((c) => c.id === 'C06')!.text);
    const out = stdout();
    await synopticCommand({ template: 'cap-colorectal-resection', text: path, json: true });
    const qr = JSON.parse(out.text()) as QuestionnaireResponse;
    expect(validateResource(qr).filter((i) => i.severity === 'error')).toEqual([]);
    expect(qr.item!.find((i) => i.linkId === 'margin-status')!.answer![0]!.valueCoding!.display).toBe(
      'Involved by tumor'
    );
    vi.restoreAllMocks();
    const out2 = stdout();
    await synopticCommand({ template: 'cap-colorectal-resection', text: path });
    expect(out2.text()).toMatch(
      /Distance of tumor from distal margin \(cm\): 0 cm\n\s+evidence: "There is an infiltrative/
    );
  });

  it('handles non-UTF-8 and empty files with an issue, not a crash', async () => {
    const out = stdout();
    await synopticCommand({
      template: 'ajcc8-lung-resection',
      text: file('bad.txt', Buffer.from([0x4c, 0x75, 0xfe, 0x67])),
      json: true,
    });
    const qr = JSON.parse(out.text()) as QuestionnaireResponse;
    expect(JSON.stringify(qr.extension)).toMatch(/not valid UTF-8/);
    expect(qr.item!.some((i) => i.answer)).toBe(false);
  });

  it('rejects bad arguments with exit code 1 and a missing model configuration with exit code 2', async () => {
    await expect(synopticCommand({ template: 'breast', text: 'x' })).rejects.toThrow(CliError);
    await expect(synopticCommand({ template: 'cd99-pattern' })).rejects.toThrow(
      /exactly one of --text FILE or --ndjson FILE/
    );
    await expect(synopticCommand({ template: 'cd99-pattern', text: 'x', strategy: 'half' })).rejects.toThrow(
      /--strategy must be full or targeted/
    );
    await expect(synopticCommand({ template: 'cd99-pattern', text: 'x', rounds: '0' })).rejects.toThrow(
      /--rounds must be a whole number/
    );
    await expect(synopticCommand({ template: 'cd99-pattern', text: join(dir, 'missing.txt') })).rejects.toThrow(
      /Cannot read .*ENOENT/
    );
    process.env.ONCOAGENT_LLM = 'openai';
    delete process.env.OPENAI_BASE_URL;
    const err = await synopticCommand({ template: 'cd99-pattern', text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect((err as UnavailableError).exitCode).toBe(2);
  });

  it('--ndjson writes one response per report to the output file', async () => {
    const lines = COLORECTAL.slice(0, 5).map((c) =>
      JSON.stringify({ resourceType: 'DiagnosticReport', id: c.id, status: 'final', code: {}, conclusion: c.text })
    );
    const input = file('reports.ndjson', `${lines.join('\n')}\nnot json\n`);
    const out = stdout();
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await synopticCommand({ template: 'cap-colorectal-resection', ndjson: input, json: true });
    const summary = JSON.parse(out.text());
    expect(summary).toMatchObject({
      written: 5,
      badLines: [{ line: 6 }],
      output: join(dir, 'reports.synoptic.ndjson'),
    });
    expect(readFileSync(summary.output, 'utf8').trim().split('\n')).toHaveLength(5);
  });

  it('uses the LLM from the environment over the OpenAI protocol, labelled AIAST', async () => {
    Object.assign(process.env, { ONCOAGENT_LLM: 'openai', OPENAI_BASE_URL: server.baseUrl, ONCOAGENT_MODEL: 'noisy' });
    const before = server.chatRequests().length;
    const out = stdout();
    await synopticCommand({
      template: 'ajcc8-lung-resection',
      text: file('l.txt', LUNG[1]!.text),
      json: true,
      strategy: 'targeted',
    });
    const qr = JSON.parse(out.text()) as QuestionnaireResponse;
    expect(qr.meta?.security?.[0]?.code).toBe('AIAST');
    expect(qr.item!.find((i) => i.linkId === 'stage-group')!.answer![0]!.valueCoding!.code).toBe(
      LUNG[1]!.truth['stage-group']
    );
    expect(server.chatRequests().length - before).toBeGreaterThanOrEqual(4);
  });
});

describe('oncoagent eval --synoptic', () => {
  it('prints per-variable accuracy and macro-F1 (offline) and the per-round curve with an LLM', async () => {
    stdout();
    const offline = await evalSynopticCommand(FIXTURE_DIR, { json: true });
    expect(offline.templates['cap-colorectal-resection']).toMatchObject({ cases: COLORECTAL.length, meanAccuracy: 1 });
    expect(offline.lung).toEqual({ stageGroupAccuracy: 1, stageCorrectWhenTnmRight: `${LUNG.length}/${LUNG.length}` });
    Object.assign(process.env, { ONCOAGENT_LLM: 'openai', OPENAI_BASE_URL: server.baseUrl, ONCOAGENT_MODEL: 'noisy' });
    const sub = mkdtempSync(join(dir, 'cases-'));
    writeFileSync(join(sub, 'lung.json'), JSON.stringify(LUNG.slice(0, 4)));
    const llm = await evalSynopticCommand(sub, { json: true, strategy: 'full' });
    expect(llm.perRound!.map((r) => r.round)).toEqual([1, 2, 3]);
    expect(llm.perRound![0]!.accuracy).toBeLessThan(1);
    expect(llm.perRound![2]).toMatchObject({ accuracy: 1, itemsChanged: 0 });
    await expect(evalSynopticCommand(join(dir, 'nowhere'))).rejects.toThrow(/No evaluation cases/);
  });
});

describe('synoptic benchmark', () => {
  it('targeted reflection spends at most a quarter of the full method’s prompt tokens on the same cases', async () => {
    const cases = readEvalCases(FIXTURE_DIR)
      .filter((c) => c.template !== 'cd99-pattern')
      .filter((_, i) => i % 8 === 0);
    const f = (await compareStrategies(cases)) as {
      targetedOverFull: number;
      full: { accuracyFinal: number };
      targeted: { accuracyFinal: number; accuracyRound1: number };
    };
    expect(f.targetedOverFull).toBeLessThanOrEqual(0.25);
    expect(f.full.accuracyFinal).toBe(1);
    expect(f.targeted.accuracyFinal).toBeGreaterThan(f.targeted.accuracyRound1);
  });

  it('reports offline throughput and survives a kill + resume of a batch without duplicates', async () => {
    const cases = readEvalCases(FIXTURE_DIR);
    // The rate itself is a bench figure (`oncoagent bench --only synoptic`), never a timed assertion here.
    const throughput = offlineThroughput(cases, 200);
    expect(throughput.reports).toBeGreaterThanOrEqual(cases.length);
    expect(throughput.reportsPerSecond).toBeGreaterThan(0);
    const batch = (await batchKillResume(
      cases.filter((c) => c.template === 'cap-colorectal-resection'),
      600,
      false
    )) as {
      complete: boolean;
      duplicates: number;
      resume: { skippedAsDone: number; written: number };
    };
    expect(batch).toMatchObject({ complete: true, duplicates: 0 });
    expect(batch.resume.skippedAsDone).toBeGreaterThan(0);
    expect(batch.resume.written).toBeGreaterThan(0);
    expect(batch.resume.skippedAsDone + batch.resume.written).toBeGreaterThanOrEqual(600);
    expect(typeof benchSynoptic).toBe('function');
  }, 60_000);
});

// Synoptic benchmarks: offline throughput, the two reflection strategies side by side over the real OpenAI protocol
// (a scripted server answering as a noisy extractor), and a large NDJSON batch killed mid-way and resumed.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { createOpenAIModel } from '../../llm/openai';
import { runBatch } from '../batch/batch';
import { extractOffline } from '../extract';
import { toQuestionnaireResponse } from '../response';
import { loadTemplate } from '../template';
import type { EvalCase } from './cases';
import { evaluate } from './evaluate';
import { noisyAnswer } from './noisy-extractor';

/** Input tokens per case the reference method reported (Huang et al.: ~6.8 M tokens for 217 cases). */
export const PAPER_TOKENS_PER_CASE = 31_500;

/**
 * Offline reports per second: extraction, constraint check and QuestionnaireResponse JSON, for about `ms`.
 * @param cases - Reports to cycle through.
 * @param ms - How long to run.
 * @returns Reports per second and how many were done.
 */
export function offlineThroughput(cases: EvalCase[], ms = 2000): { reportsPerSecond: number; reports: number } {
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < ms) {
    for (const c of cases) {
      const t = loadTemplate(c.template);
      JSON.stringify(toQuestionnaireResponse(t, extractOffline(t, { text: c.text, key: `${c.id}-${n}` })));
      n++;
    }
  }
  return { reportsPerSecond: Math.round(n / ((performance.now() - started) / 1000)), reports: n };
}

let encoder: Tiktoken | undefined;
/** cl100k tokens of a chat request, counted the way OpenAI bills them (about 4 extra per message). */
function promptTokens(messages: { content?: unknown }[]): number {
  encoder ??= new Tiktoken(cl100k);
  return messages.reduce(
    (n, m) =>
      n + 4 + encoder!.encode(typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')).length,
    2
  );
}

/**
 * Both strategies on the same cases through a scripted OpenAI-compatible server (noisy extractor).
 * @param cases - The cases.
 * @returns Tokens per case for each strategy, their ratio, accuracy and rounds.
 */
export async function compareStrategies(cases: EvalCase[]): Promise<Record<string, unknown>> {
  const { reply, startScriptedOpenAI } = await import('../../../tests/support/scripted-openai');
  const server = await startScriptedOpenAI((body) => {
    const user = body?.messages?.find((m: { role: string }) => m.role === 'user');
    const out = typeof user?.content === 'string' ? noisyAnswer(user.content) : undefined;
    if (!out) return reply.httpError(400, 'not a synoptic item prompt');
    const text = JSON.stringify(out);
    encoder ??= new Tiktoken(cl100k);
    return reply.json(out, { usage: [promptTokens(body.messages), encoder.encode(text).length] });
  });
  try {
    const model = createOpenAIModel({ baseUrl: server.baseUrl, model: 'scripted-noisy-extractor', maxRetries: 0 });
    const out: Record<string, unknown> = {};
    const perCase: Record<string, number> = {};
    for (const strategy of ['full', 'targeted'] as const) {
      const started = performance.now();
      const f = await evaluate(cases, { model, strategy, maxRounds: 4, backview: 2 });
      perCase[strategy] = f.promptTokensPerCase ?? 0;
      const first = f.perRound?.[0];
      out[strategy] = {
        promptTokensPerCase: f.promptTokensPerCase,
        llmCallsPerCase: Math.round(((f.perRound ?? []).reduce((n, r) => n + r.llmCalls, 0) / cases.length) * 10) / 10,
        accuracyRound1: first?.accuracy,
        accuracyFinal: f.perRound?.at(-1)?.accuracy,
        perRound: f.perRound,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      };
    }
    out.targetedOverFull = Math.round((perCase.targeted! / Math.max(1, perCase.full!)) * 1000) / 1000;
    out.targetedOverPaper = Math.round((perCase.targeted! / PAPER_TOKENS_PER_CASE) * 1000) / 1000;
    out.tokenizer = 'cl100k_base (js-tiktoken), counted by the scripted server as usage';
    out.cases = cases.length;
    out.chatRequests = server.chatRequests().length;
    return out;
  } finally {
    await server.close();
  }
}

/** Counts the lines of a growing file, reading only what was appended since the last call. */
function lineCounter(path: string): () => number {
  let offset = 0;
  let lines = 0;
  const buf = Buffer.alloc(1 << 20);
  return () => {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return lines;
    }
    try {
      for (;;) {
        const n = readSync(fd, buf, 0, buf.length, offset);
        if (n <= 0) break;
        for (let i = 0; i < n; i++) if (buf[i] === 0x0a) lines++;
        offset += n;
      }
    } finally {
      closeSync(fd);
    }
    return lines;
  };
}

/**
 * Writes an NDJSON of DiagnosticReports (text in presentedForm or conclusion) plus three bad lines.
 * @param path - Where to write.
 * @param cases - Texts to cycle through.
 * @param n - How many valid reports.
 */
export function writeBatchInput(path: string, cases: EvalCase[], n: number): void {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = cases[i % cases.length]!;
    const id = `bench-${String(i).padStart(6, '0')}`;
    const text =
      i % 2 === 0
        ? { presentedForm: [{ contentType: 'text/plain', data: Buffer.from(c.text).toString('base64') }] }
        : { conclusion: c.text };
    lines.push(
      JSON.stringify({
        resourceType: 'DiagnosticReport',
        id,
        status: 'final',
        code: { text: 'Surgical pathology' },
        subject: { reference: `Patient/bench-${i % 97}` },
        ...text,
      })
    );
    if (i === Math.floor(n / 3))
      lines.push(
        '{"resourceType": "DiagnosticReport", "id": "torn',
        '{"resourceType":"Observation","id":"not-a-report"}',
        ''
      );
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/**
 * A batch run killed with SIGKILL part-way (in a child process), then resumed here; checks for duplicates.
 * @param cases - Colorectal texts to cycle through.
 * @param n - Reports in the batch.
 * @param log - Where the resumed run draws its progress bar.
 * @returns Timings, counts and the duplicate check.
 */
export async function batchKillResume(
  cases: EvalCase[],
  n: number,
  log: NodeJS.WriteStream | false
): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'oncoagent-synoptic-bench-'));
  try {
    const input = join(dir, 'reports.ndjson');
    const output = join(dir, 'responses.ndjson');
    writeBatchInput(input, cases, n);
    const batchModule = resolve(import.meta.dirname, '../batch/batch.ts');
    const templateModule = resolve(import.meta.dirname, '../template.ts');
    const code = `const b = await import(${JSON.stringify(batchModule)}); const t = await import(${JSON.stringify(templateModule)});
await b.runBatch({ template: t.loadTemplate('cap-colorectal-resection'), input: ${JSON.stringify(input)}, output: ${JSON.stringify(output)}, log: false, flushEvery: 50 });`;
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: 'ignore',
      cwd: resolve(import.meta.dirname, '../../..'),
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
    let killedAt = 0;
    const count = lineCounter(output);
    while (child.exitCode === null) {
      await new Promise((done) => setTimeout(done, 25));
      if (count() >= n * 0.3) {
        child.kill('SIGKILL');
        killedAt = count();
        break;
      }
    }
    await exited;
    const firstMs = Math.round(performance.now() - started);
    const resumed = await runBatch({ template: loadTemplate('cap-colorectal-resection'), input, output, log });
    const keys = readFileSync(output, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { identifier?: { value?: string } }).identifier?.value);
    const unique = new Set(keys).size;
    return {
      reports: n,
      killedAfterLines: killedAt,
      firstRunMs: firstMs,
      resume: {
        ms: resumed.ms,
        written: resumed.written,
        skippedAsDone: resumed.resumed,
        truncatedBytes: resumed.truncatedBytes,
        badLines: resumed.badLines.length,
        reportsPerSecond: resumed.reportsPerSecond,
      },
      outputLines: keys.length,
      uniqueReports: unique,
      duplicates: keys.length - unique,
      complete: unique === n,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

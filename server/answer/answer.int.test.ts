// The answer pipeline in real workups: each demo patient of the sandbox EHR, the real knowledge index (built in a
// temporary data folder), offline and with a scripted model over the real OpenAI wire protocol. Every citation in
// every answer must resolve to a passage, a tool call or a resource of the patient's record.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent, WorkupResult } from '../../common/contracts';
import { reply, type ScriptedOpenAI, startScriptedOpenAI } from '../../tests/support/scripted-openai';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { runWorkup } from '../agent/run-workup';
import { createFhirClient, type FhirClient } from '../fhir/fhir-client';
import { createOpenAIModel } from '../llm/openai';
import type { Model } from '../llm/types';
import { DEMO_PATIENT_IDS } from '../sandbox/demo';
import { demoId } from '../sandbox/demo/portable';
import { readToolConfig } from '../tools/config';
import { createAnswerer, createRetrieve, type Retrieve } from '.';
import { answerReply, UNSUPPORTED } from './testing/replies';
import { markdownCitations, unresolvedCitations } from './testing/resolve';
import type { Answerer, AnswerOutput } from './types';

let server: TestServer;
let fhir: FhirClient;
let token: string;
let retrieve: Retrieve;
const dataDir = mkdtempSync(join(tmpdir(), 'answer-int-'));
const toolConfig = readToolConfig({ ONCOAGENT_OFFLINE: '1' });
const QUESTION = 'Did the liver metastases grow? Search PubMed for recent trials. Options for the tumour board?';

beforeAll(async () => {
  retrieve = createRetrieve({ env: { ONCOAGENT_DATA_DIR: dataDir, ONCOAGENT_OFFLINE: '1' } });
  await retrieve('index build', 1);
  server = await startTestServer();
  token = server.sandbox.signer.sign({
    aud: server.fhirBase,
    scope: 'system/*.rs',
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  fhir = createFhirClient({ baseUrl: server.fhirBase, token });
});
afterAll(async () => {
  await retrieve?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Reads each cited record reference from the FHIR server: it must exist and belong to the patient. */
async function recordResolver(result: WorkupResult): Promise<(ref: string) => boolean> {
  const refs = [
    ...markdownCitations(result.answer.markdown).flatMap((r) => (r.kind === 'record' ? [r.ref] : [])),
    ...result.answer.statements.flatMap((s) =>
      s.citations.filter((c): c is string => typeof c === 'string' && c.startsWith('record:')).map((c) => c.slice(7))
    ),
  ];
  const ok = new Set<string>();
  for (const ref of new Set(refs)) {
    const res = await fetch(`${server.fhirBase}/${ref}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { subject?: { reference?: string }; patient?: { reference?: string } };
    const owner = body.subject?.reference ?? body.patient?.reference;
    if (res.ok && owner === `Patient/${result.patient.id}`) ok.add(ref);
  }
  return (ref) => ok.has(ref);
}

/** An answerer that keeps what it returned (the WorkupResult does not carry the sub-queries). */
function capturing(model?: Model) {
  const outputs: AnswerOutput[] = [];
  const inner = createAnswerer();
  const answerer: Answerer = async (input, deps) => {
    const out = await inner(input, { ...deps, ...(model ? { model } : {}) });
    outputs.push(out);
    return out;
  };
  return { answerer, outputs };
}

function workup(patientId: string, answerer: Answerer, question = '', events?: AgentEvent[]) {
  return runWorkup({
    fhir,
    patientId,
    question,
    answerer,
    retrieve,
    toolConfig,
    emit: events && ((e) => events.push(e)),
  });
}

describe('offline answers on the demo patients', () => {
  it.each([...DEMO_PATIENT_IDS])(
    '%s: 10–14 sub-queries, every citation resolves, sources numbered once',
    async (patientId) => {
      const { answerer, outputs } = capturing();
      const result = await workup(patientId, answerer, patientId === demoId('demo-crc-met') ? QUESTION : '');
      expect(result.problems).toBeUndefined();
      expect(outputs[0]!.subQueries.length).toBeGreaterThanOrEqual(10);
      expect(outputs[0]!.subQueries.length).toBeLessThanOrEqual(14);
      const { unresolved, checked } = unresolvedCitations(result, result.toolCalls, await recordResolver(result));
      expect(unresolved).toEqual([]);
      // Ten or more: a missing test in localized disease no longer borrows the metastatic work-up as its source.
      expect(checked).toBeGreaterThanOrEqual(10);
      expect(result.answer.statements.every((s) => s.supported)).toBe(true);
      // A tumor-board answer cites the few sections that decide it, not a reading list (the rest is uncited).
      expect(result.evidence.length).toBeGreaterThanOrEqual(1);
      expect(result.evidence.length).toBeLessThanOrEqual(12);
      expect(result.evidence.map((e) => e.n)).toEqual(result.evidence.map((_, i) => i + 1));
      expect(new Set(result.evidence.map((e) => e.sourceId)).size).toBe(result.evidence.length);
    }
  );

  it('keeps a passage that several sub-queries find once', async () => {
    const { answerer, outputs } = capturing();
    const result = await workup(demoId('demo-crc-met'), answerer, QUESTION);
    const rankings = await Promise.all(outputs[0]!.subQueries.map((q) => retrieve(q, 10)));
    const hits = new Map<string, number>();
    for (const r of rankings)
      for (const id of new Set(r.map((p) => `${p.chunk.docId}#${p.chunk.sectionId}`)))
        hits.set(id, (hits.get(id) ?? 0) + 1);
    const shared = [...hits].filter(([, n]) => n > 1).map(([id]) => id);
    expect(shared.length).toBeGreaterThan(0);
    const cited = result.evidence.map((e) => e.sourceId);
    expect(shared.some((id) => cited.includes(id))).toBe(true);
    expect(new Set(cited).size).toBe(cited.length);
  });

  it('answers the question, names the tool that could not run and cites no supportive care for an unrecorded problem', async () => {
    const { answerer, outputs } = capturing();
    const result = await workup(demoId('demo-crc-met'), answerer, QUESTION);
    const md = result.answer.markdown;
    expect(outputs[0]!.subQueries[0]).toBe(QUESTION);
    expect(md).toMatch(/^\*\*Question: Did the liver metastases grow\?/m);
    const pubmed = result.toolCalls.find((c) => c.tool === 'pubmed_search');
    expect(pubmed?.status).toBe('unavailable');
    expect(md).toContain(`- pubmed_search could not run here: offline mode: PubMed not reachable [Tool:${pubmed!.id}]`);
    expect(md).toMatch(/- RECIST 1\.1: PD \(progressive disease\).* \[Tool:c\d+\]/);
    // Bevacizumab is running but no hypertension is recorded: blood-pressure monitoring text is not cited.
    expect(result.evidence.map((e) => e.sourceId)).not.toContain(
      'supportive-care#hypertension-with-anti-angiogenic-therapy-monitoring-and-when-to-hold'
    );
    expect(result.evidence.every((e) => !e.sourceId.startsWith('clinical-scores#ecog'))).toBe(true);
    expect(result.suggestions.length).toBeGreaterThan(0);
  });

  it('puts the MSI/MMR conflict first and cites how to reconcile it', async () => {
    const { answerer, outputs } = capturing();
    const result = await workup(demoId('demo-icc'), answerer);
    expect(outputs[0]!.subQueries).toContain(
      'how to reconcile discordant MSI-H by PCR fragment analysis and proficient MMR immunohistochemistry and low tumour mutational burden'
    );
    const headings = result.answer.markdown.match(/^### .*$/gm);
    expect(headings?.[0]).toBe('### Conflicts to resolve');
    const reconcile = result.evidence.find((e) =>
      e.sourceId.endsWith('#reconciling-discordant-msi-mmr-immunohistochemistry-and-ngs-results')
    );
    expect(result.answer.markdown).toContain(`” [${reconcile!.n}]`);
    expect(result.suggestions[0]).toMatch(/^Repeat MSI\/MMR testing/);
  });
});

describe('model answers over the OpenAI wire protocol (scripted server)', () => {
  let openai: ScriptedOpenAI;
  let failWith: ((name: string) => ReturnType<typeof reply.json> | undefined) | undefined;
  beforeAll(async () => {
    openai = await startScriptedOpenAI((body) => {
      const name = body.response_format?.json_schema?.name as string;
      return (
        failWith?.(name) ??
        reply.json(answerReply({ name, system: body.messages[0].content, user: body.messages[1].content }), {
          usage: [Math.ceil(JSON.stringify(body.messages).length / 4), 50],
        })
      );
    });
  });
  const tokens: Record<string, number> = {};
  afterAll(async () => {
    await openai?.close();
    if (process.env.ANSWER_TOKENS) process.stdout.write(`answer tokens per case: ${JSON.stringify(tokens)}\n`);
  });
  const model = () => createOpenAIModel({ baseUrl: openai.baseUrl, model: 'scripted-model', maxRetries: 0 });

  it.each([...DEMO_PATIENT_IDS])(
    '%s: checked, revised once, flagged; tokens counted; every citation resolves',
    async (patientId) => {
      failWith = undefined;
      const before = openai.chatRequests().length;
      const { answerer } = capturing(model());
      const result = await workup(patientId, answerer);
      const sent = openai.chatRequests().slice(before);
      expect(sent.map((b) => b.response_format.json_schema.name)).toEqual([
        'answer_sub_queries',
        'answer_strategy',
        'cited_answer',
        'citation_check',
        'revise_statements',
        'citation_check',
        'follow_up_suggestions',
      ]);
      expect(result.answer.statements.filter((s) => !s.supported).map((s) => s.text)).toEqual([UNSUPPORTED]);
      const { unresolved } = unresolvedCitations(result, result.toolCalls, await recordResolver(result));
      expect(unresolved).toEqual([]);
      // The server reports prompt tokens as a quarter of the messages' JSON length; the result sums them all.
      const prompt = sent.reduce((n, b) => n + Math.ceil(JSON.stringify(b.messages).length / 4), 0);
      expect(result.usage).toEqual({ llmCalls: 7, promptTokens: prompt, completionTokens: 7 * 50 });
      tokens[patientId] = result.usage.promptTokens + result.usage.completionTokens;
    }
  );

  it.each([
    ['a refusal', 'answer_strategy', () => reply.refusal('I cannot help with that.'), /the model declined: I cannot/],
    [
      'a malformed reply',
      'cited_answer',
      () => reply.malformed('non-json'),
      /cited_answer was unusable after 2 attempts/,
    ],
    ['the provider down', 'answer_sub_queries', () => reply.httpError(503, 'overloaded'), /the model is unavailable/],
  ])('falls back to the cited extractive report after %s', async (_what, step, bad, reason) => {
    failWith = (name) => (name === step ? bad() : undefined);
    const events: AgentEvent[] = [];
    const { answerer } = capturing(model());
    const result = await workup(demoId('demo-hcc'), answerer, '', events);
    expect(result.problems).toBeUndefined();
    expect(result.answer.markdown).toMatch(/^\*The model could not write the answer/);
    expect(result.answer.markdown).toMatch(reason);
    if (process.env.ANSWER_TOKENS) process.stdout.write(`${result.answer.markdown.split('\n')[0]}\n`);
    expect(events.some((e) => e.type === 'status' && /extractive report is given instead/.test(e.text))).toBe(true);
    const { unresolved } = unresolvedCitations(result, result.toolCalls, await recordResolver(result));
    expect(unresolved).toEqual([]);
  });
});

// `oncoagent knowledge ingest|search|audit` and `oncoagent eval --retrieval`: the guideline index from the command line.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { OperationOutcomeError } from '@medplum/core';
import { loadConfig, type OncoConfig } from '../config';
import { ModelUnavailableError } from '../llm/errors';
import { type LlmConfig, selectModel } from '../llm/select';
import type { Model } from '../llm/types';
import { createEmbedder, createReranker, type RagConfig } from '../rag/config';
import { evaluateRetrieval, loadEvalQuestions } from '../rag/eval';
import { type IngestReport, ingestCorpus, openKnowledgeIndex, searchKnowledge } from '../rag/knowledge';
import { KnowledgeIndex } from '../rag/store';
import { CliError, UnavailableError } from './cli-error';

export { type AuditFlags, knowledgeAuditCommand } from './knowledge-audit-command';

export interface IngestFlags {
  json?: boolean;
}

export interface SearchFlags {
  k?: string | number;
  json?: boolean;
}

interface EvalFlags {
  json?: boolean;
  /** Folder of `*.jsonl` question files (default knowledge/eval). */
  cases?: string;
}

const out = (text: string): void => {
  process.stdout.write(`${text}\n`);
};
const warn = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

/** Bad queries become exit 1 with the outcome's text; unreachable endpoints exit 2. */
function toCliError(err: unknown): unknown {
  if (err instanceof OperationOutcomeError) return new CliError(err.outcome.issue?.[0]?.details?.text ?? err.message);
  if (err instanceof ModelUnavailableError) return new UnavailableError(err.message);
  return err;
}

/** The configured chat model for LLM reranking (none offline); a misconfigured one is reported and left out. */
function rerankModel(cfg: RagConfig, llm: LlmConfig): Model | undefined {
  if (cfg.offline) return undefined;
  try {
    return selectModel(llm).model;
  } catch (err) {
    warn(`LLM reranking off: ${(err as Error).message}`);
    return undefined;
  }
}

function describeIngest(report: IngestReport, dataDir: string): string {
  const s = report.sync;
  const lines = [
    `Indexed ${report.dir} into ${resolve(dataDir, 'knowledge')}`,
    `  documents: ${report.docs.length} (${s.added} added, ${s.changed} changed, ${s.removed} removed, ${s.unchanged} unchanged)`,
    `  chunks: ${s.chunks} written, ${s.totalChunks} in the index; ${s.embedded} embedded`,
    `  dense vectors: ${report.dense ?? 'none (lexical only)'}`,
    `  time: ${(s.ms / 1000).toFixed(2)} s${s.rebuilt ? ` (rebuilt: ${s.rebuilt})` : ''}`,
  ];
  for (const p of report.problems) lines.push(`  problem: ${p.path}: ${p.message}`);
  return lines.join('\n');
}

/**
 * Ingests a corpus folder into the index (incremental).
 * @param dir - The folder (default: ONCOAGENT_KNOWLEDGE_DIR or knowledge/).
 * @param flags - --json.
 * @param config - The configuration (default: loaded from the environment now).
 */
export async function knowledgeIngestCommand(
  dir: string | undefined,
  flags: IngestFlags,
  config: OncoConfig = loadConfig()
): Promise<void> {
  const cfg = config.rag;
  const folder = resolve(dir ?? cfg.knowledgeDir);
  if (!existsSync(folder)) throw new CliError(`No such folder: ${folder}`);
  const index = await KnowledgeIndex.open(cfg.dataDir);
  try {
    const report = await ingestCorpus(index, folder, { embedder: createEmbedder(cfg) }).catch((err: unknown) => {
      throw toCliError(err);
    });
    if (flags.json) {
      const { docs, ...rest } = report;
      out(JSON.stringify({ ...rest, documents: docs.length, dataDir: cfg.dataDir }, null, 2));
    } else out(describeIngest(report, cfg.dataDir));
    if (report.docs.length === 0) throw new CliError(`No knowledge documents found in ${folder}`);
  } finally {
    index.close();
  }
}

function parseK(k: string | number | undefined): number {
  const n = k === undefined ? 10 : Number(k);
  if (!Number.isInteger(n) || n < 1 || n > 50)
    throw new CliError(`--k must be a whole number from 1 to 50, got "${k}"`);
  return n;
}

/**
 * Searches the index (building it first when there is none) and prints ranked passages.
 * @param query - The query.
 * @param flags - --k (default 10), --json.
 * @param config - The configuration (default: loaded from the environment now).
 */
export async function knowledgeSearchCommand(
  query: string,
  flags: SearchFlags,
  config: OncoConfig = loadConfig()
): Promise<void> {
  const k = parseK(flags.k);
  const cfg = config.rag;
  const embedder = createEmbedder(cfg);
  const index = await openKnowledgeIndex(cfg, {
    embedder,
    onBuild: (r) => warn(`Built the knowledge index (${r.sync.totalChunks} chunks from ${r.docs.length} documents).`),
  }).catch((err: unknown) => {
    throw toCliError(err);
  });
  try {
    const result = await searchKnowledge(index, query, {
      k,
      embedder,
      reranker: createReranker(cfg, rerankModel(cfg, config.llm)),
    }).catch((err: unknown) => {
      throw toCliError(err);
    });
    for (const w of result.warnings) warn(`warning: ${w}`);
    if (flags.json) {
      out(JSON.stringify(result, null, 2));
      return;
    }
    const dense = result.mode.dense ? `dense ${result.mode.dense} + BM25` : 'BM25';
    out(
      `${result.passages.length} passages for "${result.query}" (${dense}, ${result.mode.reranker} reranker, ${result.ms} ms)`
    );
    for (const p of result.passages) {
      out(`\n[${p.rank}] ${p.sourceId}  score ${p.score}  (${p.size} tokens, chunk ${p.chunkId.split('@')[1]})`);
      out(`    ${p.title} › ${p.section}`);
      out(`    ${p.source}${p.url ? ` — ${p.url}` : ''}`);
      out(p.text.replace(/^/gm, '    | '));
    }
  } finally {
    index.close();
  }
}

/**
 * Evaluates retrieval on the question set after an incremental sync of the corpus, and prints the figures.
 * @param flags - --json, --cases DIR.
 * @param config - The configuration (default: loaded from the environment now).
 */
export async function evalRetrievalCommand(flags: EvalFlags, config: OncoConfig = loadConfig()): Promise<void> {
  const cfg = config.rag;
  const casesDir = resolve(flags.cases ?? cfg.evalDir);
  if (!existsSync(casesDir)) throw new CliError(`No such folder: ${casesDir}`);
  let questions: ReturnType<typeof loadEvalQuestions>;
  try {
    questions = loadEvalQuestions(casesDir);
  } catch (err) {
    throw new CliError(`Bad question set: ${(err as Error).message}`);
  }
  if (questions.length === 0) throw new CliError(`No questions (*.jsonl) in ${casesDir}`);
  const embedder = createEmbedder(cfg);
  const index = await KnowledgeIndex.open(cfg.dataDir);
  try {
    const ingest = await ingestCorpus(index, cfg.knowledgeDir, { embedder }).catch((err: unknown) => {
      throw toCliError(err);
    });
    const reranker = createReranker(cfg, rerankModel(cfg, config.llm));
    const result = await evaluateRetrieval(index, questions, { docs: ingest.docs, retrieve: { embedder, reranker } });
    const mode = { dense: index.embedding?.model ?? null, reranker: reranker.name, documents: ingest.docs.length };
    if (flags.json) {
      out(JSON.stringify({ casesDir, mode, ...result }, null, 2));
      return;
    }
    const f = (n: number) => n.toFixed(3);
    out(`Retrieval evaluation: ${result.questions} questions from ${casesDir}`);
    out(`  corpus: ${mode.documents} documents; dense: ${mode.dense ?? 'off'}; reranker: ${mode.reranker}`);
    out(`  recall@10  ${f(result.recallAt10)}`);
    out(`  hit@10     ${f(result.hitRateAt10)}`);
    out(`  MRR        ${f(result.mrr)}`);
    out(`  nDCG@10    ${f(result.ndcgAt10)}`);
    out(`  time       ${(result.ms / 1000).toFixed(1)} s`);
    const missed = result.perQuestion.filter((q) => !q.hit).map((q) => q.id);
    if (missed.length) out(`  missed (no relevant section in the top 10): ${missed.join(', ')}`);
    for (const p of result.problems) warn(`warning: relevant section not in the corpus: ${p}`);
  } finally {
    index.close();
  }
}

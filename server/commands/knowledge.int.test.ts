// The knowledge CLI as a user runs it: search builds the index on first use and prints ranked passages,
// ingest skips unchanged documents, eval --retrieval prints recall, MRR and nDCG, and bad input is a clear exit 1.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CliError } from './cli-error';
import { evalRetrievalCommand, knowledgeIngestCommand, knowledgeSearchCommand } from './knowledge';

let root: string;
let corpus: string;

function markdown(id: string, sections: Record<string, string>): string {
  const body = Object.entries(sections)
    .map(([h, t]) => `## ${h}\n${t}\n`)
    .join('\n');
  return `---\nid: ${id}\ntitle: ${id} guideline\nsource: Test guideline (2024)\nyear: 2024\n---\n# ${id}\n\n${body}`;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'rag-cli-'));
  corpus = join(root, 'knowledge');
  mkdirSync(join(corpus, 'eval'), { recursive: true });
  writeFileSync(
    join(corpus, 'gastric.md'),
    markdown('gastric', {
      'HER2 testing':
        'Test HER2 by immunohistochemistry in every advanced gastric adenocarcinoma before first-line therapy.',
      'Perioperative FLOT': 'Four cycles of FLOT before and four after gastrectomy for resectable gastric cancer.',
    })
  );
  writeFileSync(
    join(corpus, 'scores.md'),
    markdown('scores', { 'Child-Pugh': 'Bilirubin, albumin, INR, ascites and encephalopathy give classes A, B and C.' })
  );
  writeFileSync(
    join(corpus, 'eval', 'set.jsonl'),
    `${JSON.stringify({ id: 'q1', question: 'perioperative chemotherapy around gastrectomy', relevant: [{ doc: 'gastric', section: 'perioperative-flot' }] })}\n`
  );
  vi.stubEnv('ONCOAGENT_DATA_DIR', join(root, 'data'));
  vi.stubEnv('ONCOAGENT_KNOWLEDGE_DIR', corpus);
  vi.stubEnv('ONCOAGENT_OFFLINE', '1');
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

/** Captures what a command writes to stdout and stderr. */
function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => out.push(String(s)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => err.push(String(s)) > 0);
  return { out: () => out.join(''), err: () => err.join('') };
}
afterEach(() => {
  vi.restoreAllMocks();
});

describe('oncoagent knowledge search', () => {
  it('builds the index on first use, then prints ranked passages (text and JSON)', async () => {
    let io = capture();
    await knowledgeSearchCommand('HER2 IHC gastric', { k: '2' });
    expect(io.err()).toMatch(/Built the knowledge index \(\d+ chunks from 2 documents\)/);
    const text = io.out();
    expect(text).toMatch(/^2 passages for "HER2 IHC gastric" \(BM25, lexical reranker/);
    expect(text).toMatch(/\[1\] gastric#her2-testing {2}score [\d.]+/);
    expect(text).toContain('    | Test HER2 by immunohistochemistry');
    vi.restoreAllMocks();

    io = capture();
    await knowledgeSearchCommand('Child-Pugh albumin', { json: true });
    expect(io.err()).toBe('');
    const result = JSON.parse(io.out());
    expect(result.passages[0]).toMatchObject({
      rank: 1,
      sourceId: 'scores#child-pugh',
      source: 'Test guideline (2024)',
    });
  });

  it('turns a bad query or --k into a clear CLI error (exit 1)', async () => {
    capture();
    await expect(knowledgeSearchCommand('   ', {})).rejects.toThrow(new CliError('The query is empty'));
    await expect(knowledgeSearchCommand('x'.repeat(5000), {})).rejects.toThrow(/too long \(5000 characters/);
    await expect(knowledgeSearchCommand('hcc', { k: '0' })).rejects.toThrow(/--k must be a whole number from 1 to 50/);
  });
});

describe('oncoagent knowledge ingest', () => {
  it('reports an incremental sync: unchanged documents are skipped', async () => {
    capture();
    await knowledgeIngestCommand(undefined, {});
    vi.restoreAllMocks();
    const io = capture();
    await knowledgeIngestCommand(undefined, { json: true });
    const report = JSON.parse(io.out());
    expect(report).toMatchObject({ documents: 2, dense: null, problems: [] });
    expect(report.sync).toMatchObject({ added: 0, changed: 0, unchanged: 2, chunks: 0, embedded: 0 });
  });

  it('rejects a folder that does not exist', async () => {
    capture();
    await expect(knowledgeIngestCommand(join(root, 'missing'), {})).rejects.toThrow(/No such folder/);
  });
});

describe('oncoagent eval --retrieval', () => {
  it('prints recall@10, MRR and nDCG@10 for the question set', async () => {
    const io = capture();
    await evalRetrievalCommand({ cases: join(corpus, 'eval') });
    const text = io.out();
    expect(text).toMatch(/Retrieval evaluation: 1 questions/);
    expect(text).toMatch(/recall@10 {2}1\.000/);
    expect(text).toMatch(/MRR {8}1\.000/);
    expect(text).toMatch(/nDCG@10 {4}1\.000/);
    vi.restoreAllMocks();
    capture();
    await expect(evalRetrievalCommand({ cases: join(root, 'none') })).rejects.toThrow(/No such folder/);
  });
});

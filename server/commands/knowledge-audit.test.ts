// Pins the knowledge audit that tells a curator which guideline sections lack a source or a current review date,
// its exit code and JSON output, and that the facts this project verified stay current in the bundled corpus.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CliError } from './cli-error';
import { auditKnowledge } from './knowledge-audit';
import { knowledgeAuditCommand } from './knowledge-audit-command';

const NOW = new Date('2026-12-01T09:00:00Z');
const opts = { maxAgeDays: 365, now: NOW };
let root: string;

function doc(front: Record<string, string>, sections: Record<string, string>): string {
  const fm = Object.entries(front)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  const body = Object.entries(sections)
    .map(([h, t]) => `## ${h}\n${t}\n`)
    .join('\n');
  return `---\n${fm}\n---\n# Title\n\n${body}`;
}

function folder(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'knowledge-audit-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('auditKnowledge', () => {
  it('lists missing sources, missing or stale or impossible review dates, per document or per section', async () => {
    const dir = folder('mixed', {
      'a-current.md': doc({ title: 'A', source: 'Guideline A (2025)', reviewed: '2026-06-01' }, { One: 'x', Two: 'y' }),
      'b-partly.md': doc(
        { title: 'B', source: 'Guideline B (2024)' },
        { Checked: 'Fact.\nSource: FDA notice, 2026. Reviewed: 2026-11-30.', Unchecked: 'Other fact.' }
      ),
      'c-old.md': doc({ title: 'C', reviewed: '2025-10-01' }, { Only: 'z' }),
      'd-dates.md': doc(
        { title: 'D', source: 'Guideline D', reviewed: '2027-01-05' },
        {
          Own: 'w\nSource: Trial X, NEJM 2020. Reviewed: 2024-02-30',
          Stale: 'v\nSource: Trial Y. Reviewed: 2025-01-01.',
        }
      ),
      'eval/questions.md': doc({ title: 'E' }, { Q: 'never audited' }),
      'extra.jsonl': '{}\n',
      'README.md': '# not a knowledge document\n',
    });
    const r = await auditKnowledge(dir, opts);
    expect(r).toMatchObject({ today: '2026-12-01', maxAgeDays: 365, documents: 4, sections: 7, currentSections: 3 });
    expect(r.skipped).toEqual(['extra.jsonl']);
    const brief = r.findings.map((f) => [`${f.path}${f.section ? `#${f.section}` : ''}`, f.problem, f.detail]);
    expect(brief).toEqual([
      ['b-partly.md', 'no-reviewed', 'no reviewed date (1 of 2 sections)'],
      ['c-old.md', 'no-source', 'no source'],
      ['c-old.md', 'stale', 'reviewed 2025-10-01, 426 days ago (more than 365)'],
      ['d-dates.md', 'bad-date', 'reviewed date "2027-01-05" is not a past YYYY-MM-DD date'],
      ['d-dates.md#own', 'bad-date', 'reviewed date "2024-02-30" is not a past YYYY-MM-DD date'],
      ['d-dates.md#stale', 'stale', 'reviewed 2025-01-01, 699 days ago (more than 365)'],
    ]);
    expect(r.findings[0]?.sections).toEqual(['unchecked']);
    // A longer limit clears the stale reviews but not the missing or impossible ones.
    const lenient = await auditKnowledge(dir, { ...opts, maxAgeDays: 800 });
    expect(lenient.findings.map((f) => f.problem)).toEqual(['no-reviewed', 'no-source', 'bad-date', 'bad-date']);
  });

  it('keeps the facts this project verified current in the bundled corpus', async () => {
    const r = await auditKnowledge(resolve(import.meta.dirname, '../../knowledge'), opts);
    expect(r.documents).toBeGreaterThanOrEqual(12);
    const flaggedSections = new Set(r.findings.flatMap((f) => (f.section ? [f.section] : (f.sections ?? []))));
    for (const s of [
      'liver-transplantation-for-unresectable-liver-only-colorectal-metastases',
      'braf-v600e-mutant-mcrc',
      'immunotherapy-for-msi-h-or-dmmr-mcrc',
      'child-pugh-score-components-and-points',
      'lung-cancer-stage-groups-in-ajcc-8th-edition',
      'measuring-small-fragmented-and-merging-lesions-in-recist-1-1',
    ]) {
      expect(flaggedSections.has(s), s).toBe(false);
    }
    expect(r.findings.every((f) => f.problem !== 'no-source')).toBe(true);
  });
});

describe('oncoagent knowledge audit', () => {
  function capture() {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => out.push(String(s)) > 0);
    return () => out.join('');
  }

  it('prints the findings and exits 1 (CliError) when something is listed', async () => {
    const dir = folder('cli-dirty', {
      'x.md': doc({ title: 'X', source: 'S' }, { Part: 'p' }),
      'y.md': doc({ title: 'Y', source: 'S', reviewed: '2026-11-01' }, { Part: 'p' }),
    });
    const text = capture();
    await expect(knowledgeAuditCommand(dir, {}, undefined, NOW)).rejects.toThrow(
      new CliError('knowledge audit: 1 documents or sections need a source or a review')
    );
    expect(text()).toMatch(
      /^Knowledge audit of .*cli-dirty: 2 documents, 2 sections, 1 with a source and a review within 365 days \(today 2026-12-01\)\n {2}x\.md: no reviewed date\n1 to review\.\n$/
    );
    vi.restoreAllMocks();
    const json = capture();
    await expect(knowledgeAuditCommand(dir, { json: true, maxAgeDays: '30' }, undefined, NOW)).rejects.toThrow(
      CliError
    );
    const report = JSON.parse(json());
    expect(report.findings).toEqual([
      expect.objectContaining({ path: 'x.md', problem: 'no-reviewed', sections: ['part'] }),
    ]);
  });

  it('exits 0 on a clean folder and refuses a bad --max-age-days or folder', async () => {
    const dir = folder('cli-clean', {
      'z.md': doc({ title: 'Z', source: 'S', reviewed: '2026-11-30' }, { Part: 'p' }),
    });
    const text = capture();
    await knowledgeAuditCommand(dir, {}, undefined, NOW);
    expect(text()).toMatch(/Clean: every section has a source and a review within 365 days\.\n$/);
    await expect(knowledgeAuditCommand(dir, { maxAgeDays: '0' }, undefined, NOW)).rejects.toThrow(
      /--max-age-days must be a whole number from 1 to 36500, got "0"/
    );
    await expect(knowledgeAuditCommand(join(root, 'missing'), {}, undefined, NOW)).rejects.toThrow(/No such folder/);
  });
});

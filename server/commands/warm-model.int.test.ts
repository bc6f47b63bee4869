// Server start in local mode: the GGUF is loaded once and described, or the reason it cannot be is printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../../tests/support/tiny-gguf';
import { loadConfig } from '../config';
import type { LocalModel } from '../llm/local';
import { selectModel } from '../llm/select';
import { warmLocalModel } from './warm-model';

describe('warmLocalModel', () => {
  it('loads the local model at start and describes it; the workups then get the same loaded model', async () => {
    const gguf = join(mkdtempSync(join(tmpdir(), 'oncoagent-gguf-')), 'tiny-warm.gguf');
    writeTinyGguf(gguf);
    const env = {
      ONCOAGENT_LLM: 'local',
      ONCOAGENT_GGUF: gguf,
      ONCOAGENT_LLM_GPU: 'cpu',
      ONCOAGENT_LLM_CONTEXT: '1024',
    };
    const lines: string[] = [];
    await warmLocalModel(loadConfig(env).llm, (l) => lines.push(l));
    expect(lines).toEqual([
      expect.stringMatching(/^Local model: tiny-warm \(.+ chat format, 1024-token context, CPU; loaded in \d+ ms\)\n$/),
    ]);
    const model = selectModel(loadConfig(env).llm).model as LocalModel;
    // Loaded already: with the file gone, the workups' model still answers (a model loading now would fail).
    rmSync(gguf);
    await expect(model.info()).resolves.toMatchObject({ contextSize: 1024 });
    await model.dispose();
  });

  it('prints why a local model cannot be used, and stays silent in other modes', async () => {
    const lines: string[] = [];
    await warmLocalModel(loadConfig({ ONCOAGENT_LLM: 'local' }).llm, (l) => lines.push(l));
    await warmLocalModel(loadConfig({ ONCOAGENT_LLM: 'none' }).llm, (l) => lines.push(l));
    expect(lines).toEqual([expect.stringMatching(/^Local model unavailable: .*ONCOAGENT_GGUF is not set/)]);
  });
});

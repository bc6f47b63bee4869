// Model selection from the configuration: none by default, openai with its variables, local reported as unavailable.
import { describe, expect, it } from 'vitest';
import { type EnvSource, loadConfig } from '../config';
import { ModelUnavailableError } from './errors';
import { selectModel as selectFrom } from './select';

/** Selects the model of an environment, as an entry point does (loadConfig, then selectModel). */
const selectModel = (env: EnvSource) => selectFrom(loadConfig(env).llm);

describe('selectModel', () => {
  it('defaults to deterministic mode without a model', () => {
    expect(selectModel({})).toEqual({ mode: 'none' });
    expect(selectModel({ ONCOAGENT_LLM: 'none' })).toEqual({ mode: 'none' });
  });

  it('builds an OpenAI-compatible model from its variables', () => {
    const s = selectModel({
      ONCOAGENT_LLM: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      ONCOAGENT_MODEL: 'm-1',
    });
    expect(s.mode).toBe('openai');
    expect(s.model?.id).toBe('m-1');
  });

  it('names the missing variables for openai', () => {
    expect(() => selectModel({ ONCOAGENT_LLM: 'openai' })).toThrow(/OPENAI_BASE_URL and ONCOAGENT_MODEL/);
    expect(() =>
      selectModel({
        ONCOAGENT_LLM: 'openai',
        OPENAI_BASE_URL: 'http://x/v1',
        ONCOAGENT_MODEL: 'm',
        ONCOAGENT_LLM_TIMEOUT_MS: 'soon',
      })
    ).toThrow(/ONCOAGENT_LLM_TIMEOUT_MS/);
  });

  it('reports local mode as unavailable with the reason', () => {
    const run = () => selectModel({ ONCOAGENT_LLM: 'local' });
    expect(run).toThrow(ModelUnavailableError);
    expect(run).toThrow(/unavailable: .*ONCOAGENT_GGUF is not set/);
  });

  it('refuses an unknown mode', () => {
    expect(() => selectModel({ ONCOAGENT_LLM: 'gpt' })).toThrow(/ONCOAGENT_LLM must be none, openai or local/);
  });

  it('takes the mode case-insensitively, a blank one as none', () => {
    expect(selectModel({ ONCOAGENT_LLM: ' None ' })).toEqual({ mode: 'none' });
    expect(selectModel({ ONCOAGENT_LLM: '' })).toEqual({ mode: 'none' });
    expect(() => selectModel({ ONCOAGENT_LLM: 'OpenAI' })).toThrow(/OPENAI_BASE_URL and ONCOAGENT_MODEL/);
  });
});

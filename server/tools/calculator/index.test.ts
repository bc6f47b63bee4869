// The calculator tool returns the expression with its value and turns calculation or argument problems into error
// results instead of throwing.
import { describe, expect, it } from 'vitest';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { calculatorTool } from './index';

const ctx = { config: readToolConfig({}) };

describe('calculator tool', () => {
  it('returns the expression and its value', async () => {
    const run = await runTool(calculatorTool, { expression: '(45 - 60) / 60 * 100' }, ctx);
    expect(run.status).toBe('ok');
    expect(run.output).toEqual({ expression: '(45 - 60) / 60 * 100', value: -25 });
  });

  it('turns calculation problems into error results, not throws', async () => {
    const run = await runTool(calculatorTool, { expression: '2 / (1 - 1)' }, ctx);
    expect(run.status).toBe('error');
    expect(run.message).toMatch(/^Division by zero at position 3/);
  });

  it('rejects a missing expression through the schema', async () => {
    const run = await runTool(calculatorTool, { expr: '1+1' }, ctx);
    expect(run.status).toBe('error');
    expect(run.message).toMatch(/Invalid arguments for calculator/);
  });
});

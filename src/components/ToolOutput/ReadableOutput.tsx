// Any other tool's result in words: its fields as labelled values, never raw JSON, cut short so a huge output
// cannot freeze the page.

import type { ReactNode } from 'react';
import { plainText } from '../../record/plain';

const MAX_FIELDS = 24;
const MAX_TEXT = 400;

/**
 * "changeFromBaselinePct" → "Change from baseline pct": a field name as a label.
 * @param key - A field name.
 * @returns The label.
 */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A value in words: text and numbers as they are, lists joined, nested records summarised.
 * @param value - Any value.
 * @returns The text.
 */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') {
    const text = plainText(String(value));
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) return value.map(valueText).join('; ') || '—';
    return `${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => typeof v !== 'object' || v === null
  );
  return entries.map(([k, v]) => `${fieldLabel(k)}: ${valueText(v)}`).join('; ') || '—';
}

/**
 * A tool result without its own view, as labelled values.
 * @param props - The output.
 * @returns The list.
 */
export function ReadableOutput({ output }: { output: unknown }): ReactNode {
  if (output === null || typeof output !== 'object' || Array.isArray(output)) {
    return <p data-testid="readable-output">{valueText(output)}</p>;
  }
  const entries = Object.entries(output as Record<string, unknown>);
  return (
    <dl className="facts" data-testid="readable-output">
      {entries.slice(0, MAX_FIELDS).map(([k, v]) => (
        <div key={k} className="fact">
          <dt>{fieldLabel(k)}</dt>
          <dd>{valueText(v)}</dd>
        </div>
      ))}
      {entries.length > MAX_FIELDS && <p className="muted">… and {entries.length - MAX_FIELDS} more fields</p>}
    </dl>
  );
}

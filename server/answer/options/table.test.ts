// The decision table says no more than the knowledge it cites: every option's citation names a real section of
// knowledge/*.md, and every key term the option rests on occurs in that section's text.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../rag/ingest/markdown';
import { normalise } from '../extract';
import { OPTIONS } from './select';

const dir = new URL('../../../knowledge/', import.meta.url);
const docs = readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .map((f) => parseMarkdown(readFileSync(new URL(f, dir), 'utf8'), f));

describe('decision table', () => {
  it('covers the tumours the knowledge covers, with unique ids', () => {
    expect(new Set(OPTIONS.map((o) => o.tumour))).toEqual(
      new Set(['colorectal', 'hcc', 'pancreatic', 'biliary', 'gastro-oesophageal'])
    );
    expect(new Set(OPTIONS.map((o) => o.id)).size).toBe(OPTIONS.length);
  });

  it.each(OPTIONS.map((o) => [o.id, o] as const))('%s cites a real section that states its key terms', (_id, o) => {
    const doc = docs.find((d) => d.id === o.cite.doc);
    expect(doc, `document ${o.cite.doc}`).toBeDefined();
    const section = doc!.sections.find((s) => s.heading === o.cite.heading);
    expect(section, `section "${o.cite.heading}"`).toBeDefined();
    const text = normalise(section!.text);
    expect(o.terms.length).toBeGreaterThan(0);
    for (const term of o.terms) expect(text, `"${term}" in ${o.cite.heading}`).toContain(normalise(term));
    // The option's drug and regimen names (capitalised or lowercase -mab/-nib words) are among what it cites.
    for (const drug of o.text.match(/\b[a-z]+(?:mab|nib|platin|taxel|citabine)\b/g) ?? [])
      expect(text, `"${drug}" in ${o.cite.heading}`).toContain(drug);
  });
});

// Report layouts read as the prose the rules match: a table row becomes "label: value" (a header row naming margins
// or distances becomes the heading of a margin list), a unit given once in a field label ("Distance to distal
// margin (cm): 9", "Tumour dimensions (mm): 45 x 30") is written after the bare numbers of its value, ".5 cm" gets
// its leading zero, hyphenated compounds ("tumour-to-distal-margin") are read as words and shorthand is written out.
import type { Doc, DocSentence } from '../../text/doc';
import { expandShorthand } from './shorthand';

const UNIT_WORD = `(cm|mm|centimet(?:er|re)s|millimet(?:er|re)s)`;
/** "(cm): 12", "(in mm): 45 x 30 x 12": bare numbers after a label that states their unit. */
const LABEL_UNIT = new RegExp(
  String.raw`\(\s*(?:in\s+)?${UNIT_WORD}\s*\)\s*([:=])\s*(\d+(?:[.,]\d+)?(?:\s*(?:x|×|by)\s*\d+(?:[.,]\d+)?)*)(?![\d.,]|\s*(?:cm|mm|centimet|millimet|%))`,
  'gi'
);
/** Cells of a table row: pipes between cells, or tabs. */
const CELL_SPLIT = /\s*\|\s*|\t+/;
/** A header that says the rows are margin distances. */
const MARGIN_HEADER = /\b(?:margins?|distances?|clearances?)\b/i;

function unitsFromLabel(t: string): string {
  return t.replace(LABEL_UNIT, (_m, unit: string, sep: string, value: string) => `${sep} ${value} ${unit}`);
}

function tableRow(t: string): string | undefined {
  if (!/\|.*\||\t/.test(t)) return undefined;
  const cells = t
    .split(CELL_SPLIT)
    .map((c) => c.trim())
    .filter(Boolean);
  if (cells.length < 2) return undefined;
  // A header row (no numbers) naming margins opens a list: "Margins (cm):".
  if (!/\d/.test(t)) {
    if (!MARGIN_HEADER.test(t)) return undefined;
    const unit = /\(\s*(?:in\s+)?(cm|mm)\s*\)/i.exec(t)?.[0] ?? '';
    return `Margins ${unit}:`;
  }
  return `${cells[0]}: ${cells.slice(1).join(' ')}`;
}

/** ".5 cm" as "0.5 cm"; "tumour-to-distal-margin distance" as separate words. */
function prose(t: string): string {
  return t
    .replace(/(?<![\w.])\.(\d)/g, '0.$1')
    .replace(/\b(tumou?r|lesion|carcinoma)-to-([a-z]+)-(margin)\b/gi, '$1 to $2 $3');
}

/**
 * The sentences of a document with their matching copy rewritten from table and field layouts into prose; the
 * verbatim text (what answers quote) is kept.
 * @param doc - The document.
 * @returns The same document with rewritten matching copies.
 */
export function readLayout(doc: Doc): Doc {
  const sentences: DocSentence[] = doc.sentences.map((s) => {
    const masked = expandShorthand(prose(unitsFromLabel(tableRow(s.masked) ?? s.masked)));
    return masked === s.masked ? s : { ...s, masked };
  });
  return { ...doc, sentences };
}

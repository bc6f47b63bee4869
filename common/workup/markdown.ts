// A deliberately tiny markdown reader for answers: headings, paragraphs, lists, bold, italic, code and citations,
// parsed into plain data that React renders as text nodes. No HTML passes through, so a hostile answer stays text.
import { type CitationRef, parseCitationGroup } from './citations';

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'cite'; refs: CitationRef[]; raw: string };

export type Block =
  | { type: 'heading'; level: number; inline: Inline[] }
  | { type: 'paragraph'; inline: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'rule' };

// Bold, inline code, a bracket not followed by "(" (a link stays text), italic with asterisks only: underscores are
// common in tool names and ids, and reading them as emphasis would mangle "segment_lesion".
const INLINE = /\*\*(.+?)\*\*|`([^`]+)`|\[([^[\]]{1,300})\](?!\()|\*([^*\s][^*]*?)\*/g;

function pushText(out: Inline[], text: string): void {
  if (!text) {
    return;
  }
  const last = out[out.length - 1];
  if (last?.type === 'text') {
    out[out.length - 1] = { type: 'text', text: last.text + text };
  } else {
    out.push({ type: 'text', text });
  }
}

/**
 * Parses inline markdown.
 * @param text - One block's text.
 * @returns Inline nodes; anything unrecognised stays literal text.
 */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    pushText(out, text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) {
      out.push({ type: 'strong', children: parseInline(m[1]) });
    } else if (m[2] !== undefined) {
      out.push({ type: 'code', text: m[2] });
    } else if (m[3] !== undefined) {
      const refs = parseCitationGroup(m[3]);
      if (refs) {
        out.push({ type: 'cite', refs, raw: m[0] });
      } else {
        pushText(out, '[');
        for (const node of parseInline(m[3])) {
          node.type === 'text' ? pushText(out, node.text) : out.push(node);
        }
        pushText(out, ']');
      }
    } else {
      out.push({ type: 'em', children: parseInline(m[4] ?? '') });
    }
  }
  pushText(out, text.slice(last));
  return out;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

/**
 * Parses block markdown. Nested lists are flattened into their parent list; quotes read as paragraphs.
 * @param markdown - The answer's markdown.
 * @returns The blocks.
 */
export function parseMarkdown(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; start: number; items: string[] } | null = null;
  const flush = (): void => {
    if (paragraph.length > 0) {
      blocks.push({ type: 'paragraph', inline: parseInline(paragraph.join(' ')) });
      paragraph = [];
    }
    if (list) {
      blocks.push({ type: 'list', ordered: list.ordered, start: list.start, items: list.items.map(parseInline) });
      list = null;
    }
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/^\s*>\s?/, '');
    const heading = HEADING.exec(line);
    const numbered = NUMBERED.exec(line);
    const bullet = numbered ? null : BULLET.exec(line);
    if (line.trim() === '') {
      if (paragraph.length > 0) {
        flush();
      }
    } else if (RULE.test(line)) {
      flush();
      blocks.push({ type: 'rule' });
    } else if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1]!.length, inline: parseInline(heading[2]!) });
    } else if (numbered || bullet) {
      const ordered = numbered !== null;
      const text = (numbered ? numbered[2] : bullet?.[1]) ?? '';
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) {
        flush();
      }
      list ??= { ordered, start: numbered ? Number(numbered[1]) : 1, items: [] };
      list.items.push(text);
    } else if (list && /^\s+/.test(raw) && list.items.length > 0) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) {
        flush();
      }
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

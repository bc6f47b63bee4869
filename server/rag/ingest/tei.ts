// Parses GROBID TEI XML (papers converted from PDF) into a document: title, year, abstract and headed body sections.
import { childElements, descendants, findPath, parseXml, textOf, type XmlElement } from '../../text/xml';
import type { KnowledgeDoc } from '../types';
import { contentHash, type DocMeta, fileStem, idFromPath, makeSections, type RawSection } from './doc-parts';

/** Elements whose text is not running prose: figures, tables, formulas, footnotes. */
const SKIP = new Set(['figure', 'table', 'formula', 'note', 'figDesc']);
const TEI_EXT = /\.(tei\.)?xml$/i;

const prose = (el: XmlElement): string => textOf(el, SKIP);

/** Paragraphs directly in an element (GROBID puts `p` straight under `div` and `abstract`), joined as paragraphs. */
function paragraphs(el: XmlElement): string {
  return childElements(el)
    .filter((c) => c.name === 'p')
    .map(prose)
    .filter(Boolean)
    .join('\n\n');
}

/** Body sections: every `div` with a `head` opens a section; a `div` without one continues the previous section. */
function bodySections(body: XmlElement): RawSection[] {
  const out: RawSection[] = [];
  for (const div of descendants(body, 'div')) {
    const head = childElements(div, 'head')[0];
    const text = paragraphs(div);
    const heading = head ? prose(head) : '';
    if (heading) out.push({ heading, text });
    else if (out.length) (out[out.length - 1] as RawSection).text += `\n\n${text}`;
    else out.push({ heading: 'Body', text });
  }
  const loose = paragraphs(body);
  if (loose) out.unshift({ heading: 'Body', text: loose });
  return out;
}

function yearOf(el: XmlElement | undefined): number | undefined {
  const when = el?.attrs.when ?? (el ? prose(el) : '');
  const m = /\b(1[89]\d\d|2[01]\d\d)\b/.exec(when);
  return m ? Number(m[1]) : undefined;
}

/**
 * Parses one GROBID TEI file.
 * @param content - The XML text.
 * @param filePath - The file path (relative), used for the id and source when the sidecar gives none.
 * @param meta - Sidecar metadata (`<file>.meta.json`), which wins over what the TEI says.
 * @returns The document; throws for malformed XML, a root that is not `<TEI>`, or no text.
 */
export function parseTei(content: string, filePath: string, meta: DocMeta = {}): KnowledgeDoc {
  const tei = parseXml(content);
  if (tei.name !== 'TEI') throw new Error(`not a GROBID TEI document (root element <${tei.name}>, expected <TEI>)`);
  const header = findPath(tei, 'teiHeader');
  const fileDesc = findPath(header, 'fileDesc');
  const titles = childElements(findPath(fileDesc, 'titleStmt') ?? tei, 'title');
  const mainTitle = titles.find((t) => t.attrs.type === 'main') ?? titles[0];
  const bibl = findPath(fileDesc, 'sourceDesc', 'biblStruct');
  const journal = findPath(bibl, 'monogr', 'title');
  const year =
    yearOf(findPath(fileDesc, 'publicationStmt', 'date')) ?? yearOf(findPath(bibl, 'monogr', 'imprint', 'date'));
  const doi = bibl && descendants(bibl, 'idno').find((i) => i.attrs.type?.toUpperCase() === 'DOI');
  const analytic = findPath(bibl, 'analytic', 'title');
  const title =
    meta.title || (mainTitle && prose(mainTitle)) || (analytic && prose(analytic)) || fileStem(filePath, TEI_EXT);

  const raw: RawSection[] = [];
  const abstract = findPath(header, 'profileDesc', 'abstract');
  if (abstract) raw.push({ heading: 'Abstract', text: descendants(abstract, 'p').map(prose).join('\n\n') });
  const body = findPath(tei, 'text', 'body');
  if (body) raw.push(...bodySections(body));
  const sections = makeSections(raw);
  if (!sections.length) throw new Error('no abstract or body text in the TEI file');
  const journalName = journal ? prose(journal) : '';
  return {
    id: meta.id ?? idFromPath(filePath, TEI_EXT),
    title,
    source:
      meta.source ??
      (journalName ? `${journalName}${year ? ` (${year})` : ''}` : `TEI: ${filePath.replace(/^.*\//, '')}`),
    year: meta.year ?? year,
    url: meta.url ?? (doi ? `https://doi.org/${prose(doi)}` : undefined),
    topics: meta.topics ?? [],
    format: 'tei',
    path: filePath,
    hash: contentHash(content, JSON.stringify(meta)),
    sections,
  };
}

// Turns an efetch PubmedArticleSet into citable passages: PMID, title, journal, year, authors, DOI, abstract text.
import { childElements, findPath, parseXml, textOf, type XmlElement } from '../../text/xml';

export interface PubmedPassage {
  pmid: string;
  title: string;
  journal: string;
  /** Publication year from PubDate (Year, else the first year in MedlineDate), else the electronic ArticleDate. */
  year: number | null;
  /** First authors, citation style: "Doe J, Roe AB, Poe C, et al." ('' when none listed). */
  authors: string;
  doi?: string;
  url: string;
  /** The abstract as plain text (structured sections as "LABEL: …"), at most MAX_TEXT characters; '' when PubMed has none. */
  text: string;
}

export const MAX_TEXT = 3000;
const MAX_AUTHORS = 3;

/**
 * Extracts every PubmedArticle from an efetch (rettype=abstract, retmode=xml) answer.
 * @param xml - The XML document.
 * @returns One passage per article that has a PMID, in document order, and the text of an
 *   `<ERROR>` element when efetch answered with one instead of articles.
 * @throws XmlError when the XML is malformed.
 */
export function parseArticles(xml: string): { passages: PubmedPassage[]; error?: string } {
  const root = parseXml(xml);
  const set = root.name === 'PubmedArticleSet' ? root : undefined;
  const passages = childElements(set, 'PubmedArticle')
    .map(toPassage)
    .filter((p): p is PubmedPassage => p !== undefined);
  const error = set || root.name === 'eFetchResult' ? textOf(findPath(root, 'ERROR')) : '';
  return error ? { passages, error } : { passages };
}

function toPassage(entry: XmlElement): PubmedPassage | undefined {
  const citation = findPath(entry, 'MedlineCitation');
  const pmid = textOf(findPath(citation, 'PMID'));
  if (!/^\d+$/.test(pmid)) return undefined;
  const article = findPath(citation, 'Article');
  const journal = findPath(article, 'Journal');
  const doi = findDoi(entry, article);
  return {
    pmid,
    title: textOf(findPath(article, 'ArticleTitle')) || textOf(findPath(article, 'VernacularTitle')),
    journal: textOf(findPath(journal, 'Title')) || textOf(findPath(journal, 'ISOAbbreviation')),
    year: yearOf(article),
    authors: authorsOf(findPath(article, 'AuthorList')),
    ...(doi ? { doi } : {}),
    url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
    text: truncate(abstractOf(findPath(article, 'Abstract')), MAX_TEXT),
  };
}

function abstractOf(abstract: XmlElement | undefined): string {
  return childElements(abstract, 'AbstractText')
    .map((part) => {
      const body = textOf(part);
      const label = part.attrs.Label?.trim();
      return label && body ? `${label}: ${body}` : body;
    })
    .filter(Boolean)
    .join('\n');
}

function yearOf(article: XmlElement | undefined): number | null {
  const pubDate = findPath(article, 'Journal', 'JournalIssue', 'PubDate');
  const candidates = [
    textOf(findPath(pubDate, 'Year')),
    textOf(findPath(pubDate, 'MedlineDate')),
    textOf(findPath(article, 'ArticleDate', 'Year')),
  ];
  for (const candidate of candidates) {
    const year = /\b(1[89]\d\d|2\d\d\d)\b/.exec(candidate)?.[1];
    if (year) return Number(year);
  }
  return null;
}

function authorsOf(list: XmlElement | undefined): string {
  const names = childElements(list, 'Author')
    .filter((a) => a.attrs.ValidYN !== 'N')
    .map((a) => {
      const collective = textOf(findPath(a, 'CollectiveName'));
      if (collective) return collective;
      const last = textOf(findPath(a, 'LastName'));
      const initials = textOf(findPath(a, 'Initials')) || initialsOf(textOf(findPath(a, 'ForeName')));
      return [last, initials].filter(Boolean).join(' ');
    })
    .filter(Boolean);
  const shown = names.slice(0, MAX_AUTHORS).join(', ');
  return names.length > MAX_AUTHORS ? `${shown}, et al.` : shown;
}

function initialsOf(foreName: string): string {
  return foreName
    .split(/[\s-]+/)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

function findDoi(entry: XmlElement, article: XmlElement | undefined): string | undefined {
  const ids = childElements(findPath(entry, 'PubmedData', 'ArticleIdList'), 'ArticleId');
  const fromIds = textOf(ids.find((id) => id.attrs.IdType === 'doi'));
  const fromLocation = textOf(childElements(article, 'ELocationID').find((e) => e.attrs.EIdType === 'doi'));
  return fromIds || fromLocation || undefined;
}

/** Cuts at a word boundary and marks the cut with an ellipsis, so a reader knows the abstract continues. */
function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

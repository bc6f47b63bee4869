// Lymph node tables ("| Station | Examined | Positive |" then "| 4R | 3 | 1 |", or the same in columns of spaces):
// the header says which number is the count of positive nodes; each row under it is one station.
import type { Doc } from '../../text/doc';
import { findStations, type Station } from './stations';

export interface TableRow {
  station: Station;
  positive: boolean;
}

const HEADER_STATION = /\b(?:stations?|levels?|sites?|nodes?)\b/i;
const EXAMINED = /\b(?:examined|retrieved|total|number|no\.|nodes)\b/i;
const POSITIVE = /\b(?:positive|involved|metastatic|with tumou?r|metastases)\b/i;

/**
 * The rows of every lymph node table in a report, by sentence (line) index.
 * @param doc - The report.
 * @returns Rows keyed by the index of the line they are on.
 */
export function tableRows(doc: Doc): Map<number, TableRow[]> {
  const out = new Map<number, TableRow[]>();
  let positiveColumn: number | undefined;
  for (const s of doc.sentences) {
    const t = s.masked;
    const ex = EXAMINED.exec(t);
    const pos = POSITIVE.exec(t);
    if (HEADER_STATION.test(t) && ex && pos && !/\d/.test(t)) {
      positiveColumn = pos.index < ex.index ? 0 : 1;
      continue;
    }
    if (positiveColumn === undefined) continue;
    const cell = /^[\s|]*((?:1[0-4]|[1-9])[RL]?)\b/.exec(t);
    const station =
      findStations(t, true)[0] ??
      (cell
        ? {
            at: cell[0].length - cell[1]!.length,
            end: cell[0].length,
            num: Number.parseInt(cell[1]!, 10),
            label: cell[1]!,
          }
        : undefined);
    const numbers = station
      ? [...t.slice(station.end).matchAll(/(?<![\w/.])(\d+)(?![\w/.])/g)].map((m) => Number(m[1]))
      : [];
    if (!station || !/^[\s|]*(?:(?:station|level)s?\s*)?$/i.test(t.slice(0, station.at)) || numbers.length < 2) {
      positiveColumn = undefined;
      continue;
    }
    out.set(s.index, [{ station, positive: (numbers[positiveColumn] ?? 0) > 0 }]);
  }
  return out;
}

// CAP checklist lines anywhere in a report ("TUMOR SIZE: 4.1 cm", "DISTANCE TO DISTAL MARGIN: 6 cm"), read when the
// gross description and the findings sections leave an item open: a checklist written under a heading the section
// finder does not count as findings ("PROCEDURE:" in capitals opens a section of its own) still states the items.

/** A line "label: value" whose label names a CAP colorectal item. */
const FIELD_LINE =
  /^[ \t]*(?:[-•*][ \t]*)?(?:procedure|tumou?r (?:site|size|location|extent|perforation)|(?:macroscopic )?(?:tumou?r )?perforation|(?:greatest|maximum) (?:dimension|diameter)|distance[^:\n]{0,70}|[^:\n]{0,40}\bmargins?\b[^:\n]{0,40}|closest margin[^:\n]{0,40}|mesorect\w*[^:\n]{0,40}|(?:relation(?:ship)? to|location relative to)[^:\n]{0,40}reflection)[ \t]*:[ \t]*\S.*$/gim;

/**
 * The checklist lines of a report, in order, joined one per line.
 * @param report - The whole report text.
 * @returns The lines (verbatim), or an empty string when there are none.
 */
export function checklistLines(report: string): string {
  return [...report.matchAll(FIELD_LINE)].map((m) => m[0].trim()).join('\n');
}

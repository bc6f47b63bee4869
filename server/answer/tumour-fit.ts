// Whether a guideline passage is about the patient's tumour type: the extractive report quotes passages about it or
// about no tumour in particular, never one written for another tumour (a colorectal regimen for a cholangiocarcinoma).
import type { EvidenceItem } from '../../common/contracts';

const GROUPS: [string, RegExp][] = [
  ['colorectal', /colorectal|\bcolon\b|\brect(al|um)\b|\bm?crc\b/i],
  ['pancreatic', /pancrea|\bpdac\b/i],
  ['biliary', /biliary|cholangio|bile duct|gall ?bladder|\bbtc\b|\bi?cca\b/i],
  ['hcc', /hepatocellular|\bhcc\b/i],
  ['gastro-oesophageal', /gastric|oesophag|esophag|\bgej\b/i],
  ['lung', /lung cancer|\bnsclc\b|non-small/i],
];

/** The tumour groups a text names. */
export function tumoursIn(text: string): Set<string> {
  return new Set(GROUPS.filter(([, re]) => re.test(text)).map(([name]) => name));
}

/**
 * How well a passage fits the patient's tumour: 1 it names it, 0 it names no tumour (scores, RECIST, supportive
 * care, a multi-tumour staging document), -1 it is about other tumours only. The section heading decides; the
 * document title only when the heading names no tumour and the title names exactly one.
 * @param e - The passage.
 * @param tumour - The patient's tumour groups (from tumoursIn of the tumour type).
 * @returns 1, 0 or -1.
 */
export function tumourFit(e: Pick<EvidenceItem, 'title' | 'section'>, tumour: Set<string>): number {
  let named = tumoursIn(e.section);
  if (named.size === 0) {
    const title = tumoursIn(e.title);
    named = title.size === 1 ? title : new Set();
  }
  if (named.size === 0 || tumour.size === 0) return 0;
  return [...named].some((t) => tumour.has(t)) ? 1 : -1;
}

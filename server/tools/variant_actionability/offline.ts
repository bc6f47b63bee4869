// Answers a query from the bundled knowledge, with OncoKB-style levels relative to the patient's tumour type.
import { BIOMARKER, type KbEntry, type KbTherapy, KNOWLEDGE, type KnowledgeBase } from './knowledge';
import { isWithin, type TumourCode, tumourLabel } from './tumour-types';
import { type Level, levelRank, type NormalisedAlteration, type NormalisedQuery, type TherapyOut } from './types';

export interface OfflineAnswer {
  oncogenicity: string;
  effect: string;
  therapies: TherapyOut[];
  resistance: TherapyOut[];
  notes: string[];
  /** Labels of the knowledge entries that matched, most specific first. */
  matched: string[];
}

/**
 * How specifically an entry matches an alteration: 3 exact change, 2 codon, 1 class, 0 no match.
 * @param entry - A knowledge entry of the right gene.
 * @param alt - The normalised alteration.
 */
export function matchStrength(entry: KbEntry, alt: NormalisedAlteration): number {
  const p = alt.protein;
  if (p && entry.exact?.includes(alt.display)) return 3;
  if (p && (p.effect === 'missense' || p.effect === 'codon') && entry.codons?.includes(p.pos)) return 2;
  const classes = alt.classes.filter((c) => entry.classes?.includes(c));
  if (classes.includes('fusion') && entry.fusionPartner && entry.fusionPartner !== alt.partner) return 0;
  return classes.length ? 1 : 0;
}

type Relation = 'this' | 'other' | 'excluded';

// A tumour-agnostic indication covers any solid tumour; a broader query ('biliary') also covers a narrower indication.
function relate(t: KbTherapy, tumour: TumourCode | undefined): Relation {
  if (tumour === undefined) return t.tumourTypes.includes('solid') ? 'this' : 'other';
  if (t.excludes?.some((x) => isWithin(tumour, x))) return 'excluded';
  const broadQuery = tumour !== 'solid' && tumour !== 'heme';
  return t.tumourTypes.some((tt) => isWithin(tumour, tt) || (broadQuery && isWithin(tt, tumour))) ? 'this' : 'other';
}

// Where an indication applies broadly (e.g. all solid tumours), its exclusions must travel with it.
const withExclusions = (t: KbTherapy) =>
  [t.note, t.excludes ? `Not indicated in: ${tumourLabel(t.excludes)}.` : ''].filter(Boolean).join(' ');

const drugKey = (drugs: string[]) => [...drugs].sort().join('+');

/**
 * Annotates a normalised query from the offline knowledge.
 * @param query - Gene, alteration and tumour type.
 * @param kb - The knowledge (the bundled one by default).
 * @returns Oncogenicity, therapies by level, resistance and notes; 'Unknown' with nothing else when no entry matches.
 */
export function annotateOffline(query: NormalisedQuery, kb: KnowledgeBase = KNOWLEDGE): OfflineAnswer {
  const alt = query.alteration;
  const biomarker = alt.classes.includes('msi-h') || alt.classes.includes('tmb-h');
  const gene = biomarker ? BIOMARKER : query.gene;
  const matches = kb.entries
    .filter((e) => e.gene === gene)
    .map((entry) => ({ entry, strength: matchStrength(entry, alt) }))
    .filter((m) => m.strength > 0)
    .sort((a, b) => b.strength - a.strength);
  const tumour = query.tumourCode;
  const notes: string[] = [];
  if (matches.length === 0) {
    return { oncogenicity: 'Unknown', effect: 'Unknown', therapies: [], resistance: [], notes, matched: [] };
  }
  const direct: TherapyOut[] = [];
  const elsewhere: { t: TherapyOut; from: Level }[] = [];
  const resistance: TherapyOut[] = [];
  const excluded = new Set<string>();
  for (const { entry } of matches) {
    for (const t of entry.therapies) {
      const relation = relate(t, tumour);
      const out: TherapyOut = {
        drugs: t.drugs,
        level: t.level,
        tumorType: tumourLabel(t.tumourTypes),
        matchType: relation === 'this' ? 'this tumour type' : 'other tumour type',
        source: t.source,
        year: t.year,
        ...(t.note || t.excludes ? { note: withExclusions(t) } : {}),
      };
      if (relation === 'excluded') {
        // One note per drug combination: the indication itself says why it does not apply here.
        const key = drugKey(t.drugs);
        if (!excluded.has(key)) {
          notes.push(
            `${t.drugs.join(' + ')} not listed: ${t.excludeReason ?? 'its indication excludes this tumour type'}`
          );
        }
        excluded.add(key);
      } else if (t.level === 'R1' || t.level === 'R2') {
        if (relation === 'this') resistance.push(out);
      } else if (relation === 'this') {
        direct.push(out);
      } else if (t.level === '1' || t.level === '2' || t.level === '3A') {
        // OncoKB's rule: standard-care or clinical evidence in another tumour type counts as 3B here.
        elsewhere.push({ t: { ...out, level: '3B' }, from: t.level });
      }
    }
    for (const n of entry.notes ?? []) {
      if (!n.tumourTypes || (tumour && n.tumourTypes.some((tt) => isWithin(tumour, tt)))) {
        notes.push(`${n.text} (${n.source})`);
      }
    }
  }
  // One line per regimen from other tumour types: the strongest, most recent evidence leads, the rest are named in its note.
  const shown = new Set(direct.map((t) => drugKey(t.drugs)));
  const merged = new Map<string, TherapyOut>();
  const also = new Map<string, string[]>();
  elsewhere.sort((a, b) => levelRank(a.from) - levelRank(b.from) || (b.t.year ?? 0) - (a.t.year ?? 0));
  for (const { t } of elsewhere) {
    const key = drugKey(t.drugs);
    if (shown.has(key) || excluded.has(key)) continue;
    const prior = merged.get(key);
    if (!prior) merged.set(key, t);
    else if (prior.tumorType !== t.tumorType && !also.get(key)?.includes(t.tumorType)) {
      also.set(key, [...(also.get(key) ?? []), t.tumorType]);
    }
  }
  for (const [key, types] of also) {
    const t = merged.get(key)!;
    t.note = `${t.note ? `${t.note} ` : ''}Also evidence in: ${types.join('; ')}.`;
  }
  const best = matches[0].entry;
  return {
    oncogenicity: best.oncogenicity,
    effect: best.effect,
    therapies: sortTherapies([...direct, ...merged.values()]),
    resistance: sortTherapies(resistance),
    notes: [...new Set(notes)],
    matched: matches.map((m) => m.entry.label),
  };
}

/** Strongest level first, then the most recent evidence. */
function sortTherapies(list: TherapyOut[]): TherapyOut[] {
  return list.sort((a, b) => levelRank(a.level) - levelRank(b.level) || (b.year ?? 0) - (a.year ?? 0));
}

/**
 * Tumour-level notes (e.g. HCC: genomics do not drive therapy), shown when nothing applies in the tumour type.
 * @param tumour - The query's tumour code.
 * @param kb - The knowledge.
 */
export function tumourNotes(tumour: TumourCode | undefined, kb: KnowledgeBase = KNOWLEDGE): string[] {
  if (!tumour) return [];
  return kb.tumourNotes
    .filter((n) => n.tumourTypes.some((tt) => isWithin(tumour, tt)))
    .map((n) => `${n.text} (${n.source})`);
}

// Turns alteration text ('p.Val600Glu', 'exon 19 deletion', 'EML4-ALK fusion', 'MSI-H') into one canonical, matchable form.
import { ToolInputError } from '../types';
import type { AlterationClass, NormalisedAlteration, ProteinEffect } from './types';

// Three-letter amino-acid codes (Ter = stop) and their one-letter equivalents, in the same order.
const THREE = 'ala arg asn asp cys gln glu gly his ile leu lys met phe pro ser thr trp tyr val ter sec xaa'.split(' ');
const THREE_TO_ONE: Record<string, string> = Object.fromEntries(
  THREE.map((code, i) => [code, 'ARNDCQEGHILKMFPSTWYV*UX'[i]])
);
const THREE_LETTER = new RegExp(`(${Object.keys(THREE_TO_ONE).join('|')})`, 'gi');
const KEYWORDS = /(delins|del|ins|dup|fs|splice)/i;

const cls = (
  display: string,
  classes: AlterationClass[],
  extra: Partial<NormalisedAlteration> = {}
): NormalisedAlteration => ({
  kind: 'class',
  display,
  classes,
  ...extra,
});
const status = (display: string): NormalisedAlteration => ({ kind: 'status', display, classes: [] });

/**
 * Normalises an alteration.
 * @param raw - As written by the caller.
 * @param gene - The gene (upper case), when known: exon classes of EGFR/ERBB2/MET are derived from positions.
 * @returns The canonical alteration.
 * @throws ToolInputError when the text is neither a protein change nor a known alteration class.
 */
export function normaliseAlteration(raw: string, gene?: string): NormalisedAlteration {
  const text = raw.trim();
  const t = text.toLowerCase().replace(/\s+/g, ' ');
  if (/\bmss\b|microsatellite[- ]stable|\bpmmr\b|mmr[- ]proficient|mismatch repair[- ]proficient/.test(t))
    return status('MSS/pMMR');
  if (/msi[- ]?h|msi[- ]high|microsatellite[- ]instab|\bdmmr\b|mmr[- ]?d(eficien)?|mismatch repair[- ]defici/.test(t)) {
    return cls('MSI-H/dMMR', ['msi-h']);
  }
  const tmb = /\btmb\b|mutational burden/.test(t);
  if (tmb) {
    const value = /(\d+(?:\.\d+)?)/.exec(t);
    if (value) return Number(value[1]) >= 10 ? cls('TMB-H', ['tmb-h']) : status(`TMB ${value[1]} mut/Mb (below 10)`);
    if (/high|\bh\b|-h\b/.test(t)) return cls('TMB-H', ['tmb-h']);
    return status('TMB (level not given)');
  }
  if (/wild[- ]?type|\bwt\b/.test(t)) return status('Wild-type');
  if (/negative|\bneg\b|ihc ?[01]\+?$/.test(t)) return status('Negative');
  const fusion = parseFusion(text, gene);
  if (fusion) return fusion;
  if (/exon ?19.*(del|deletion)|\bex19 ?del|\b19del\b/.test(t)) return cls('Exon 19 deletion', ['exon19del']);
  if (/exon ?20.*(ins|insertion|dup)|\bex20 ?ins/.test(t)) return cls('Exon 20 insertion', ['exon20ins']);
  if (/exon ?14|\bex14\b|metex14/.test(t)) return cls('Exon 14 skipping', ['met-ex14']);
  if (/amplif|^amp$|copy[- ]number gain|high[- ]level gain/.test(t)) return cls('Amplification', ['amplification']);
  if (/^(homozygous |deep |biallelic |copy[- ]number )?(deletion|del|loss)$|homozygous (deletion|loss)/.test(t)) {
    return cls('Deletion', ['deletion']);
  }
  if (/^(her2 )?ihc ?2 ?\+$/.test(t)) return status('IHC 2+ (equivocal: needs ISH)');
  if (/overexpress|ihc ?3 ?\+|ihc ?2 ?\+.*(ish|fish)|positive|\+$/.test(t))
    return cls('Overexpression', ['overexpression']);
  if (
    /loss[- ]of[- ]function|\blof\b|truncat|inactivat|pathogenic|deleterious|nonsense|frameshift|germline|biallelic/.test(
      t
    )
  ) {
    return cls('Loss-of-function', ['lof'], /germline/.test(t) ? { germline: true } : {});
  }
  if (/oncogenic|activating|hotspot|^(somatic )?mut(ation|ant|ated)?s?( positive)?$|^variant$/.test(t)) {
    return cls('Oncogenic mutation', ['oncogenic']);
  }
  const protein = parseProtein(text, gene);
  if (protein) return protein;
  throw new ToolInputError(
    `Cannot read alteration '${raw}': give a protein change (V600E, p.Val600Glu, E746_A750del, S1982fs), or one of ` +
      "'amplification', 'deletion', 'fusion', 'overexpression', 'exon 19 deletion', 'exon 20 insertion', 'exon 14 skipping', " +
      "'loss-of-function', 'oncogenic mutation', 'MSI-H', 'dMMR', 'TMB-H'"
  );
}

/** 'EML4-ALK', 'EML4::ALK fusion', 'ALK fusion', 'ALK rearrangement'. */
function parseFusion(text: string, gene?: string): NormalisedAlteration | undefined {
  const worded = /fusion|rearrang|translocat/i.test(text);
  // Without the word "fusion", only an upper-case symbol pair counts (so 'HER2-positive' or 'E746-A750del' do not).
  const pairPattern = /\b([A-Za-z]{2,}[A-Za-z0-9]*)\s*(?:::|-|\/)\s*([A-Za-z]{2,}[A-Za-z0-9]*)\b/;
  const pair = pairPattern.exec(worded ? text : text.replace(/[a-z]/g, ' '));
  const genes = pair && !NOT_GENES.test(pair[1]) && !NOT_GENES.test(pair[2]) ? [pair[1], pair[2]] : undefined;
  if (!worded && !genes) return undefined;
  if (!genes) return cls('Fusion', ['fusion']);
  const [a, b] = genes.map((g) => g.toUpperCase());
  const partner = gene === a ? b : gene === b ? a : undefined;
  return cls('Fusion', ['fusion'], { partner, fusionGenes: [a, b] });
}
const NOT_GENES =
  /^(exon|intron|positive|negative|high|low|type|like|fusion|in|frame|non|small|cell|wild|ihc|ish|fish)$/i;

/** HGVS-like protein change in 1- or 3-letter code, with or without 'p.'. */
function parseProtein(text: string, gene?: string): NormalisedAlteration | undefined {
  let s = text.replace(/^p\./i, '').replace(/[()\s]/g, '');
  if (/^[a-z]{3}\d/i.test(s) && THREE_TO_ONE[s.slice(0, 3).toLowerCase()]) {
    s = s.replace(THREE_LETTER, (code) => THREE_TO_ONE[code.toLowerCase()]);
  }
  s = s
    .split(KEYWORDS)
    .map((part, i) => (i % 2 ? part.toLowerCase() : part.toUpperCase()))
    .join('')
    .replace(/X$/, '*');
  const m = /^([A-Z*])(\d+)(.*)$/.exec(s);
  if (!m) return undefined;
  const [, ref, posText, rest] = m;
  const pos = Number(posText);
  let effect: ProteinEffect;
  let end: number | undefined;
  let alt: string | undefined;
  const range = /^_[A-Z*]?(\d+)(.*)$/.exec(rest);
  const tail = range ? range[2] : rest;
  if (range) end = Number(range[1]);
  if (!range && /^[A-Z]$/.test(rest)) {
    alt = rest;
    effect = rest === ref ? 'synonymous' : 'missense';
  } else if (!range && rest === '') effect = 'codon';
  else if (!range && rest === '=') effect = 'synonymous';
  else if (!range && rest === '*') effect = 'nonsense';
  else if (/^[A-Z]?fs/.test(tail)) effect = 'frameshift';
  else if (/^delins[A-Z]+$/.test(tail)) effect = 'delins';
  else if (/^del[A-Z]*$/.test(tail)) effect = 'inframe-del';
  else if (/^(ins[A-Z]+|dup[A-Z]*)$/.test(tail)) effect = 'inframe-ins';
  else if (/splice/.test(tail)) effect = 'splice';
  else return undefined;
  const display = `${ref}${pos}${rest}`;
  return {
    kind: 'protein',
    display,
    protein: { ref, pos, end, alt, effect },
    classes: derivedClasses(gene, effect, pos, end ?? pos),
  };
}

// Exon boundaries in protein positions (EGFR exon 19 = 729–761, exon 20 = 762–823; ERBB2 exon 20 ≈ 770–831; MET exon 14 ≈ 963–1010).
function derivedClasses(
  gene: string | undefined,
  effect: ProteinEffect,
  start: number,
  end: number
): AlterationClass[] {
  const within = (lo: number, hi: number) => start >= lo && end <= hi;
  const out: AlterationClass[] = [];
  if (effect === 'nonsense' || effect === 'frameshift') out.push('lof');
  if (gene === 'EGFR' && (effect === 'inframe-del' || effect === 'delins') && within(729, 761)) out.push('exon19del');
  if (gene === 'EGFR' && (effect === 'inframe-ins' || effect === 'delins') && within(762, 823)) out.push('exon20ins');
  if (gene === 'ERBB2' && (effect === 'inframe-ins' || effect === 'delins') && within(770, 831)) out.push('exon20ins');
  if (gene === 'MET' && (effect === 'splice' || effect === 'inframe-del') && within(963, 1011)) out.push('met-ex14');
  return out;
}

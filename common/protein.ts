// Protein changes as guidelines and knowledge bases write them: three-letter HGVS (p.Gly12Asp) to one-letter (G12D).

const AMINO: Record<string, string> = {
  Ala: 'A',
  Arg: 'R',
  Asn: 'N',
  Asp: 'D',
  Cys: 'C',
  Gln: 'Q',
  Glu: 'E',
  Gly: 'G',
  His: 'H',
  Ile: 'I',
  Leu: 'L',
  Lys: 'K',
  Met: 'M',
  Phe: 'F',
  Pro: 'P',
  Ser: 'S',
  Thr: 'T',
  Trp: 'W',
  Tyr: 'Y',
  Val: 'V',
  Ter: '*',
};

/**
 * The one-letter form of a protein change, also inside longer text.
 * @param change - "p.Gly12Asp", "p.(Val600Glu)", "G12D", "KRAS p.Gly12Cys".
 * @returns "G12D", "V600E", …; other text unchanged (without a leading "p.").
 */
export function shortProtein(change: string): string {
  return change
    .trim()
    .replace(/^p\./, '')
    .replace(/\(?\b([A-Z][a-z]{2})(\d+)([A-Z][a-z]{2}|=|\*)?\)?/g, (m, a: string, pos: string, b?: string) => {
      if (!AMINO[a] || (b && b !== '=' && b !== '*' && !AMINO[b])) return m;
      return `${AMINO[a]}${pos}${b ? (AMINO[b] ?? b) : ''}`;
    });
}

// The shorthand of lung pathology reports written out ("adenoca", "SCC", "VPI", "LN", "Hx: brain met s/p SRS"), so
// the rules read one vocabulary. Applied to the text the rules match, never to the evidence they quote.

const SHORT: [RegExp, string][] = [
  [/\badeno-?ca(?:rc)?\b\.?/gi, 'adenocarcinoma'],
  [/\bsq(?:uamous)?\.?\s*(?:cell\s+)?ca\b\.?/gi, 'squamous cell carcinoma'],
  [/\bSq?CC\b/g, 'squamous cell carcinoma'],
  [/\bNSCLC\b/g, 'non-small cell lung carcinoma'],
  [/\bLCNEC\b/g, 'large cell neuroendocrine carcinoma'],
  [/\bVPI\b/g, 'visceral pleural invasion'],
  [/\bLVI\b/g, 'lymphovascular invasion'],
  [/\bLNs\b/g, 'lymph nodes'],
  [/\bLN\b/g, 'lymph node'],
  [/\bHx\b/g, 'history'],
  [/\bs\/p\b/gi, 'status post'],
  [/\bw\/o\b/gi, 'without'],
  [/\bw\/(?=\s)/gi, 'with'],
  [/\bbx\b/gi, 'biopsy'],
  [/\bpos\b\.?(?=\s|$|[,;)])/gi, 'positive'],
  [/\bpred\b\.?/gi, 'predominant'],
  // "liver + bone mets": a plus between words joins two findings.
  [/(?<=[a-z])\s+\+\s+(?=[a-z])/gi, ' and '],
  // "2.3-cm nodule": the hyphen of a compound adjective.
  [/(\d)-(cm|mm)\b/g, '$1 $2'],
];

/**
 * Writes out the shorthand of a lung report sentence.
 * @param text - A sentence (masked or plain).
 * @returns The sentence with abbreviations in full; offsets are not kept.
 */
export function expandAbbreviations(text: string): string {
  return SHORT.reduce((t, [re, full]) => t.replace(re, full), text);
}

// What the clinician's question explicitly asks for beyond the record and the guideline corpus: literature or the web.
// Only the question counts; text in the record never widens what the agent may search.

// "Recent", "latest" and "studies" ask for literature only about evidence: "the most recent CT" or "imaging studies"
// ask about the record.
const LITERATURE =
  /\b(literature|pub ?med|medline|publications?|papers?|trials?|abstracts?|meta-?analys[ie]s)\b|(?<!\b(?:imaging|staging|radiolog\w*|CT|MRI|PET|prior|previous|baseline|follow-up) )\bstudies\b|\b(?:recent|latest|newest|up-to-date|current)\s+(?:[\w-]+\s+){0,2}?(?:data|evidence|information|publications?|papers?|studies|trials?|results|research|literature|findings|approvals?|advances|developments)\b/i;
const WEB = /\b(online|internet|on the web|web ?search|search the web|google|websites?|news)\b/i;

export interface QuestionAsks {
  /** Published evidence: literature, studies, trials, or the most recent data. */
  literature: boolean;
  /** Sources on the open web. */
  web: boolean;
}

/**
 * Reads what the question asks for.
 * @param question - The clinician's question (may be empty).
 * @returns Whether it asks for literature and/or the web.
 */
export function questionAsks(question: string): QuestionAsks {
  return { literature: LITERATURE.test(question), web: WEB.test(question) };
}

/** A search query built from the question, clipped to what search tools take. */
export function searchQuery(question: string, topic: string): string {
  const q = question.replace(/\s+/g, ' ').trim();
  return (topic ? `${topic}: ${q}` : q).slice(0, 300);
}

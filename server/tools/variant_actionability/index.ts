// The variant_actionability tool: gene + alteration + tumour type → oncogenicity, therapies and evidence levels (OncoKB or offline).
import { z } from 'zod';
import { defineTool, ok, type ToolResult } from '../types';
import { FUSION_DRIVERS } from './knowledge';
import { normaliseQuery, type QueryInput } from './normalise-query';
import { annotateOffline } from './offline';
import { fetchOncoKb, OncoKbError, oncoKbRequest } from './oncokb-client';
import { mapOncoKb } from './oncokb-map';
import { type Answer, buildOutput, OFFLINE_VERSION } from './result';
import { type ActionabilityOutput, highestLevel, type NormalisedQuery } from './types';

export { KNOWLEDGE } from './knowledge';
export type { ActionabilityOutput, Level, TherapyOut } from './types';

const parameters = z.object({
  gene: z
    .string()
    .trim()
    .max(40)
    .optional()
    .describe(
      'HGNC gene symbol, e.g. KRAS, BRAF, ERBB2 (HER2 accepted), ALK. Omit only for MSI-H/dMMR or TMB-H biomarker queries.'
    ),
  alteration: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe(
      "The alteration: a protein change ('V600E', 'p.Val600Glu', 'G12C', 'E746_A750del', 'S1982fs'), or 'amplification', " +
        "'deletion', 'fusion' (or a pair like 'EML4-ALK'), 'overexpression' (IHC 3+), 'exon 19 deletion', 'exon 20 insertion', " +
        "'exon 14 skipping', 'loss-of-function', 'oncogenic mutation', 'MSI-H', 'dMMR', 'TMB-H' (or 'TMB 14' in mutations/Mb)."
    ),
  tumorType: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      "The patient's tumour type in free text, e.g. 'colorectal cancer', 'CRC', 'cholangiocarcinoma', 'pancreatic adenocarcinoma', " +
        "'NSCLC'. Evidence levels depend on it: approvals in other tumour types are reported as level 3B. Strongly recommended."
    ),
  partner: z
    .string()
    .trim()
    .max(40)
    .optional()
    .describe("Fusion partner gene, e.g. 'EML4' for an ALK fusion (optional)."),
});

export const variantActionabilityTool = defineTool({
  name: 'variant_actionability',
  description:
    'Looks up what a tumour alteration means for treatment: oncogenicity, biological effect, and matched therapies with ' +
    'OncoKB-style evidence levels (1 FDA-recognised in this tumour type, 2 guideline standard care, 3A/3B clinical evidence ' +
    'in this/another tumour type, 4 biological, R1/R2 resistance), each with its source and year. Uses OncoKB when a token ' +
    'is configured, otherwise bundled knowledge from FDA labels and NCCN/ESMO guidelines (a curated subset: an unknown ' +
    'answer is not proof that nothing applies). Also answers MSI-H/dMMR and TMB-H without a gene.',
  parameters,
  async execute(args, ctx): Promise<ToolResult<ActionabilityOutput>> {
    const query = normaliseQuery(args, FUSION_DRIVERS);
    const warnings = tumourWarnings(query);
    const offline = offlineAnswer(query);
    const token = ctx.config.oncokb.token;
    if (!token || ctx.config.offline) return ok(buildOutput(args, query, offline), warnings);
    const request = oncoKbRequest(query);
    if ('unsupported' in request) {
      warnings.push(`${request.unsupported}; answered from the bundled offline knowledge`);
      return ok(buildOutput(args, query, offline), warnings);
    }
    try {
      const json = await fetchOncoKb(request, {
        ...ctx.config.oncokb,
        token,
        timeoutMs: ctx.config.timeoutMs,
        signal: ctx.signal,
      });
      const answer = mapOncoKb(json);
      const unknown = answer.oncogenicity === 'Unknown' && answer.therapies.length + answer.resistance.length === 0;
      if (unknown && !offline.unknown) {
        const level = highestLevel(offline.therapies.map((t) => t.level));
        warnings.push(
          `OncoKB returned no annotation for '${query.alteration.display}' (it may name this alteration differently); the bundled ` +
            `offline knowledge classes it as ${offline.oncogenicity}${level ? ` with highest level ${level}` : ''}.`
        );
      }
      return ok(
        buildOutput(args, query, { ...answer, source: 'oncokb', knowledgeVersion: answer.version, notes: [], unknown }),
        warnings
      );
    } catch (err) {
      if (!(err instanceof OncoKbError)) throw err;
      return fallback(args, query, offline, err, warnings);
    }
  },
});

function offlineAnswer(query: NormalisedQuery): Answer {
  const a = annotateOffline(query);
  return { ...a, source: 'offline', knowledgeVersion: OFFLINE_VERSION, unknown: a.matched.length === 0 };
}

// The caller must see both that OncoKB failed (and why: token vs service) and that the answer is the offline one.
function fallback(
  args: QueryInput,
  query: NormalisedQuery,
  offline: Answer,
  err: OncoKbError,
  warnings: string[]
): ToolResult<ActionabilityOutput> {
  const output = { ...buildOutput(args, query, offline), fallbackReason: err.message };
  return {
    status: 'ok',
    output,
    message: err.message,
    warnings: [...warnings, `${err.message}; answered from the bundled offline knowledge (${OFFLINE_VERSION}) instead`],
  };
}

function tumourWarnings(q: NormalisedQuery): string[] {
  if (q.alteration.kind === 'status') return [];
  if (!q.tumourText) {
    return [
      'No tumour type given: tumour-agnostic approvals are listed as if for a solid tumour, all others as level 3B.',
    ];
  }
  if (!q.tumourCode) {
    return [
      `Tumour type '${q.tumourText}' is not in this tool's vocabulary: offline levels treat it as an unspecified solid tumour ` +
        '(tumour-agnostic approvals apply, tumour-specific ones count as 3B).',
    ];
  }
  return [];
}

// variant_actionability's part in a workup: its planner rule (recorded and predicted alterations), the therapy finding
// (matched regimens with levels and the knowledge used), the therapy write-back and the knowledge for the Provenance.
import { defineAdapters } from '../adapter';
import { variantActionabilityRule } from './planner';
import { therapyItems, variantKnowledge } from './writeback';

export const variantActionabilityAdapters = defineAdapters({
  name: 'variant_actionability',
  planner: variantActionabilityRule,
  findings(o) {
    const subject = [o.query.normalised.gene, o.query.normalised.alteration].filter(Boolean).join(' ');
    const where = o.query.normalised.tumourTypeLabel ?? o.query.tumorType;
    const regimens = [...o.therapies, ...o.resistance].slice(0, 6).map((t) => {
      const tag = t.level.startsWith('R') ? `resistance level ${t.level}` : `level ${t.level}`;
      const year = t.year && !t.source.includes(String(t.year)) ? ` ${t.year}` : '';
      return `${t.drugs.join(' + ')} (${tag}${t.matchType === 'other tumour type' ? `, evidence in ${t.tumorType}` : ''}; ${t.source}${year})`;
    });
    const version = o.knowledgeVersion.split(' (')[0]!.replace(/^offline\s*/, '');
    const source = o.source === 'oncokb' ? `OncoKB ${version}` : `bundled offline knowledge ${version}`;
    const list = regimens.length ? `: ${regimens.join('; ')}` : ': no matched therapy';
    return [
      { kind: 'therapy', text: `${subject}${where ? ` in ${where}` : ''} (${o.oncogenicity})${list} [${source}].` },
    ];
  },
  writeback: therapyItems,
  knowledge: variantKnowledge,
});

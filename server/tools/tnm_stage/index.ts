// The `tnm_stage` tool: AJCC 8th edition stage group from T, N and M for the sites whose tables we carry.
import { z } from 'zod';
import { defineTool, failed, ok } from '../types';
import { stageGroup, type TnmStage } from './stage-group';
import { SITES, TABLES } from './tables';

export { normaliseCategory, PREFIXES, type TnmPrefix } from './normalise';
export { describeRow, type StageOutcome, stageGroup, type TnmStage } from './stage-group';
export { SITES, type SiteTable, type StageRow, TABLES, type TnmSite } from './tables';

const perSite = (axis: 't' | 'n' | 'm'): string => SITES.map((s) => `${s}: ${TABLES[s][axis].join(', ')}`).join('; ');

const parameters = z.object({
  site: z
    .enum(SITES)
    .describe(
      'Primary site: colorectal (colon and rectum carcinoma), lung (non-small cell), pancreas (exocrine), liver ' +
        '(hepatocellular carcinoma), intrahepatic_bile_duct (intrahepatic cholangiocarcinoma).'
    ),
  t: z
    .string()
    .min(1)
    .max(16)
    .describe(`T category, optionally prefixed c/p/yc/yp/r/a (e.g. "pT3"). Valid per site — ${perSite('t')}.`),
  n: z
    .string()
    .min(1)
    .max(16)
    .describe(`N category, optionally prefixed (e.g. "pN1a"). Valid per site — ${perSite('n')}.`),
  m: z
    .string()
    .min(1)
    .max(16)
    .describe(`M category, optionally prefixed (e.g. "cM0"). Valid per site — ${perSite('m')}.`),
});

export const tnmStageTool = defineTool({
  name: 'tnm_stage',
  description:
    'Looks up the AJCC 8th edition anatomic stage group (e.g. IIIB) from T, N and M for colorectal, lung (NSCLC), exocrine ' +
    'pancreas, liver (HCC) and intrahepatic cholangiocarcinoma, and returns the table row that decided it. Prefixes such as ' +
    'pT3 or ypN1 are accepted and recorded. Combinations the table does not stage, or broader categories whose subcategories ' +
    'differ (e.g. lung T1 N0), are refused with the valid values.',
  parameters,
  async execute({ site, t, n, m }) {
    const outcome = stageGroup(site, t, n, m);
    return outcome.ok ? ok<TnmStage>(outcome.stage) : failed(outcome.message);
  },
});

// Reads an OncoKB IndicatorQueryResp (checked with zod) into the tool's therapies, levels and version.
import { z } from 'zod';
import { OncoKbError } from './oncokb-client';
import { type Level, RESISTANCE_LEVELS, type TherapyOut } from './types';

const CancerType = z
  .object({ name: z.string().nullish(), mainType: z.object({ name: z.string().nullish() }).nullish() })
  .nullish();

const Treatment = z.object({
  drugs: z.array(z.object({ drugName: z.string() })).default([]),
  level: z.string(),
  levelAssociatedCancerType: CancerType,
  pmids: z.array(z.union([z.string(), z.number()])).default([]),
  approvedIndications: z.array(z.string()).default([]),
});

const Indicator = z.object({
  oncogenic: z.string().nullish(),
  mutationEffect: z.object({ knownEffect: z.string().nullish() }).nullish(),
  highestSensitiveLevel: z.string().nullish(),
  highestResistanceLevel: z.string().nullish(),
  highestFdaLevel: z.string().nullish(),
  treatments: z.array(Treatment).default([]),
  dataVersion: z.string().nullish(),
  lastUpdate: z.string().nullish(),
});

export interface OncoKbAnswer {
  oncogenicity: string;
  effect: string;
  highestSensitiveLevel: Level | null;
  highestResistanceLevel: Level | null;
  highestFdaLevel?: string;
  therapies: TherapyOut[];
  resistance: TherapyOut[];
  version: string;
}

// OncoKB v1/v2 used 2A/2B; 2B was "standard care in another indication", today's 3B.
const LEVELS: Record<string, Level> = {
  LEVEL_1: '1',
  LEVEL_2: '2',
  LEVEL_2A: '2',
  LEVEL_2B: '3B',
  LEVEL_3A: '3A',
  LEVEL_3B: '3B',
  LEVEL_4: '4',
  LEVEL_R1: 'R1',
  LEVEL_R2: 'R2',
};

/** 'LEVEL_3A' → '3A'; diagnostic/prognostic/FDA levels → undefined. */
export function oncoKbLevel(value: string | null | undefined): Level | undefined {
  return value ? LEVELS[value] : undefined;
}

/**
 * Maps OncoKB's answer.
 * @param json - The parsed response body.
 * @returns Oncogenicity, effect, levels, therapies split into sensitive and resistance, and OncoKB's data version.
 * @throws OncoKbError ('invalid') when the body is not an IndicatorQueryResp.
 */
export function mapOncoKb(json: unknown): OncoKbAnswer {
  const parsed = Indicator.safeParse(json);
  if (!parsed.success)
    throw new OncoKbError('invalid', `OncoKB returned an unexpected answer: ${parsed.error.issues[0]?.message}`);
  const r = parsed.data;
  const version = r.dataVersion
    ? `OncoKB ${r.dataVersion}${r.lastUpdate ? ` (${r.lastUpdate})` : ''}`
    : 'OncoKB (version not given)';
  const therapies: TherapyOut[] = [];
  const resistance: TherapyOut[] = [];
  for (const t of r.treatments) {
    const level = oncoKbLevel(t.level);
    if (!level) continue;
    const cancer = t.levelAssociatedCancerType;
    const indication = t.approvedIndications.join(' ').trim();
    const out: TherapyOut = {
      drugs: t.drugs.map((d) => d.drugName.toLowerCase()),
      level,
      tumorType: cancer?.name || cancer?.mainType?.name || 'unspecified',
      // OncoKB gives 3B only for evidence in another tumour type.
      matchType: level === '3B' ? 'other tumour type' : 'this tumour type',
      source: version,
      ...(indication ? { note: indication.length > 300 ? `${indication.slice(0, 300)}…` : indication } : {}),
      ...(t.pmids.length ? { pmids: t.pmids.map(String) } : {}),
    };
    (RESISTANCE_LEVELS.includes(level) ? resistance : therapies).push(out);
  }
  return {
    oncogenicity: r.oncogenic || 'Unknown',
    effect: r.mutationEffect?.knownEffect || 'Unknown',
    highestSensitiveLevel: oncoKbLevel(r.highestSensitiveLevel) ?? null,
    highestResistanceLevel: oncoKbLevel(r.highestResistanceLevel) ?? null,
    ...(r.highestFdaLevel ? { highestFdaLevel: r.highestFdaLevel } : {}),
    therapies,
    resistance,
    version,
  };
}

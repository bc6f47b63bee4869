// ECOG ↔ Karnofsky performance status conversion, using the mapping most oncology protocols quote.
import { z } from 'zod';
import { ToolInputError } from '../types';
import type { ScoreResult } from './result';

export const ecogKarnofskyInput = z.object({
  score: z.literal('ecog_karnofsky'),
  ecog: z
    .number()
    .int()
    .min(0)
    .max(5)
    .optional()
    .describe('ECOG performance status 0–5 to convert to Karnofsky (give this or karnofsky).'),
  karnofsky: z
    .number()
    .int()
    .min(0)
    .max(100)
    .multipleOf(10)
    .optional()
    .describe('Karnofsky performance status 0–100 in steps of 10 to convert to ECOG (give this or ecog).'),
});
export type EcogKarnofskyInput = z.infer<typeof ecogKarnofskyInput>;

export interface EcogKarnofskyResult extends ScoreResult<'ecog_karnofsky', string> {
  ecog: number;
  /** The Karnofsky range that corresponds to the ECOG grade (a single value when converting from Karnofsky). */
  karnofsky: [number, number] | number;
}

export const PERFORMANCE_SOURCE =
  'ECOG: Oken MM, Creech RH, Tormey DC, et al. Am J Clin Oncol 1982;5:649–655. Karnofsky: Karnofsky DA, Burchenal JH, 1949. ' +
  'Conversion: the commonly used correspondence KPS 100–90 ↔ ECOG 0, 80–70 ↔ 1, 60–50 ↔ 2, 40–30 ↔ 3, 20–10 ↔ 4, 0 ↔ 5.';

/** Karnofsky range per ECOG grade (index = ECOG). */
const KPS_RANGES: [number, number][] = [
  [90, 100],
  [70, 80],
  [50, 60],
  [30, 40],
  [10, 20],
  [0, 0],
];

const ECOG_TEXT = [
  'fully active, no restriction of pre-disease activity',
  'restricted in strenuous activity but ambulatory and able to do light work',
  'ambulatory and capable of self-care but unable to work; up and about more than half of waking hours',
  'capable of only limited self-care; in bed or chair more than half of waking hours',
  'completely disabled; no self-care; confined to bed or chair',
  'dead',
];

/** The ECOG grade for a Karnofsky score (multiple of 10). */
export const ecogFromKarnofsky = (kps: number): number => KPS_RANGES.findIndex(([lo, hi]) => kps >= lo && kps <= hi);

/** The Karnofsky range for an ECOG grade. */
export const karnofskyFromEcog = (ecog: number): [number, number] => KPS_RANGES[ecog]!;

const range = ([lo, hi]: [number, number]): string => (lo === hi ? `${lo}` : `${lo}–${hi}`);

/**
 * Converts ECOG to Karnofsky or Karnofsky to ECOG.
 * @param input - Exactly one of `ecog` or `karnofsky`.
 * @returns The converted value with the ECOG description; the mapping is approximate, not a validated equivalence.
 */
export function ecogKarnofsky(input: EcogKarnofskyInput): EcogKarnofskyResult {
  if ((input.ecog === undefined) === (input.karnofsky === undefined)) {
    throw new ToolInputError('Give exactly one of ecog (0–5) or karnofsky (0–100 in steps of 10).');
  }
  const fromEcog = input.ecog !== undefined;
  const ecog = fromEcog ? input.ecog! : ecogFromKarnofsky(input.karnofsky!);
  const kps = fromEcog ? karnofskyFromEcog(ecog) : input.karnofsky!;
  const value = fromEcog ? `KPS ${range(kps as [number, number])}` : `ECOG ${ecog}`;
  return {
    score: 'ecog_karnofsky',
    title: fromEcog ? 'ECOG → Karnofsky performance status' : 'Karnofsky → ECOG performance status',
    inputs: [fromEcog ? { name: 'ECOG PS', value: ecog } : { name: 'Karnofsky PS', value: kps as number, unit: '%' }],
    value,
    ecog,
    karnofsky: kps,
    interpretation: `${value} — ECOG ${ecog}: ${ECOG_TEXT[ecog]}.`,
    source: PERFORMANCE_SOURCE,
    notes: [
      'The scales were built separately; the correspondence is approximate and patients near a boundary may be graded differently.',
    ],
  };
}

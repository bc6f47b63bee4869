// Synthetic feature bags with a known answer, so tests can tell whether the demo model and the tool respond as designed.
import { syntheticFeatureBag } from '../../../common/npy/npy';
import { mulberry32 } from '../../../common/random';
import { DEMO_SIGNAL_BLOCKS } from './demo-model';
import type { Target } from './labels';

export interface SyntheticBag {
  shape: [number, number];
  data: Float32Array;
  signalTiles: Partial<Record<Target, number[]>>;
}

export interface SyntheticBagOptions {
  seed: number;
  /** Tiles (rows). */
  n: number;
  /** Features per tile (columns); the demo model expects 64. */
  d: number;
  /** Targets whose synthetic "signal" is planted in the bag; the others are left as background. */
  positive?: Partial<Record<Target, boolean>>;
  /** Share of tiles that carry each planted signal (default 0.3). */
  fraction?: number;
  /** Added to every feature of a target's block in the signal tiles (default 2). */
  strength?: number;
}

/**
 * Background tiles from the sandbox's seeded generator, plus, for each positive target, a shift of that target's
 * feature block in a seeded subset of tiles. Purely synthetic: it mimics no real slide or biology.
 * @param o - Seed, size, which targets are positive, and how strong the planted signal is.
 * @returns The N×D matrix in row-major order, its shape, and which tiles carry each planted signal.
 */
export function makeSyntheticBag(o: SyntheticBagOptions): SyntheticBag {
  const data = syntheticFeatureBag(o.seed, o.n, o.d);
  const random = mulberry32(o.seed ^ 0x5eed);
  const fraction = o.fraction ?? 0.3;
  const strength = o.strength ?? 2;
  const signalTiles: SyntheticBag['signalTiles'] = {};
  for (const [target, [start, end]] of Object.entries(DEMO_SIGNAL_BLOCKS) as [Target, [number, number]][]) {
    if (!o.positive?.[target]) continue;
    if (end > o.d) throw new RangeError(`A ${target} signal needs at least ${end} features, the bag has ${o.d}`);
    const tiles = Math.max(1, Math.round(o.n * fraction));
    signalTiles[target] = pickTiles(o.n, tiles, random);
    for (const t of signalTiles[target]) {
      for (let f = start; f < end; f++) data[t * o.d + f] += strength;
    }
  }
  return { shape: [o.n, o.d], data, signalTiles };
}

/** `count` distinct tile indices chosen by a seeded partial Fisher–Yates shuffle. */
function pickTiles(n: number, count: number, random: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (n - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, count);
}

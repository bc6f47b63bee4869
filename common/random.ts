// One seeded PRNG for everything generated deterministically (phantoms, feature bags, synthetic corpora).

/**
 * mulberry32: a tiny seeded PRNG, so the same seed always gives the same sequence on every machine.
 * @param seed - Any 32-bit integer.
 * @returns A function giving uniform values in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

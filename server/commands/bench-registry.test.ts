// The registry bench's median: a measured value, the lower middle for an even count.
import { describe, expect, it } from 'vitest';
import { median } from './bench-registry';

describe('median', () => {
  it('takes the middle run, and the lower middle of an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([5])).toBe(5);
  });
});

// The signer's display name from a HumanName.
import { describe, expect, it } from 'vitest';
import { displayName } from './signer';

describe('displayName', () => {
  it('prefers the official name and writes prefix, given and family names', () => {
    expect(
      displayName([
        { use: 'usual', given: ['Sandy'] },
        { use: 'official', prefix: ['Dr.'], given: ['Alex', 'J.'], family: 'Sandbox' },
      ])
    ).toBe('Dr. Alex J. Sandbox');
    expect(displayName([{ text: ' Prof. Weber ' }])).toBe('Prof. Weber');
    expect(displayName([])).toBeUndefined();
  });
});

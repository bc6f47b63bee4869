// The replay cache: a jti is refused a second time while its assertion lives, per client, and forgotten afterwards.
import { describe, expect, it } from 'vitest';
import { JtiReplayCache } from './jti-replay';

describe('JtiReplayCache', () => {
  it('refuses a jti used before until its exp, for the same client only', () => {
    const cache = new JtiReplayCache();
    const now = 1_000_000_000;
    expect(cache.use('a', 'j1', now / 1000 + 60, now)).toBe(true);
    expect(cache.use('a', 'j1', now / 1000 + 60, now + 59_000)).toBe(false);
    expect(cache.use('b', 'j1', now / 1000 + 60, now)).toBe(true);
    expect(cache.use('a', 'j1', now / 1000 + 120, now + 61_000)).toBe(true);
  });

  it('stays bounded', () => {
    const cache = new JtiReplayCache(3);
    for (let i = 0; i < 10; i++) cache.use('a', `j${i}`, 2_000_000_000, 0);
    expect(cache.use('a', 'j9', 2_000_000_000, 0)).toBe(false);
    expect(cache.use('a', 'j0', 2_000_000_000, 0)).toBe(true);
  });
});

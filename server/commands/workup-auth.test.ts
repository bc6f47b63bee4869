// The CLI's credential flags: which combinations are refused before anything starts (exit 1).
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { backendTokenFromFlags, checkBackendFlags } from './workup-auth';

describe('checkBackendFlags', () => {
  it('accepts a key or a secret (flag or configured) with a client id, and nothing without one', () => {
    expect(() => checkBackendFlags({ clientId: 'c', privateKey: 'k.json', keyId: 'kid', alg: 'ES384' })).not.toThrow();
    expect(() => checkBackendFlags({ clientId: 'c', clientSecret: 's' })).not.toThrow();
    expect(() => checkBackendFlags({ clientId: 'c' }, 'configured')).not.toThrow();
    expect(() => checkBackendFlags({})).not.toThrow();
    expect(backendTokenFromFlags({}, 'https://x', 's')).toBeUndefined();
  });

  it.each([
    [{ clientId: 'c' }, /needs --private-key FILE or --client-secret/],
    [{ clientId: 'c', privateKey: 'k', clientSecret: 's' }, /not both/],
    [{ privateKey: 'k' }, /need --client-id/],
    [{ clientId: 'c', clientSecret: 's', keyId: 'kid' }, /go with --private-key/],
    [{ clientId: 'c', privateKey: 'k', alg: 'RS256' }, /RS384 or ES384/],
  ])('refuses %o', (flags, why) => {
    expect(() => checkBackendFlags(flags)).toThrow(CliError);
    expect(() => checkBackendFlags(flags)).toThrow(why);
  });
});

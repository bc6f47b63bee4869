// What the discovery lines say about a server: R4 with batch and transaction is fine; another version, a server without
// transactions, searches the record loader needs but the server does not declare, and a SMART configuration without
// PKCE are each reported with what to change.
import type { CapabilityStatement } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { capabilityLines, loaderNeeds } from './capability';
import { smartConfigLine } from './smart-config';

const statement = (
  extra: Partial<CapabilityStatement> = {},
  interactions = ['batch', 'transaction']
): CapabilityStatement =>
  ({
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-01-01',
    kind: 'instance',
    format: ['json'],
    fhirVersion: '4.0.1',
    rest: [
      {
        mode: 'server',
        interaction: interactions.map((code) => ({ code })),
        operation: [{ name: 'export', definition: 'x' }],
      },
    ],
    ...extra,
  }) as CapabilityStatement;

const byId = (cs: CapabilityStatement) => new Map(capabilityLines(cs).map((l) => [l.id, l]));

describe('capability lines', () => {
  it('accepts R4 with batch, transaction and $export', () => {
    const rest = statement().rest![0]!;
    const resource = [...loaderNeeds().keys()].map((type) => ({ type }));
    const lines = byId(statement({ rest: [{ ...rest, resource }] as CapabilityStatement['rest'] }));
    expect([...lines.values()].map((l) => l.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('warns when the server lists none of the record types', () => {
    expect(byId(statement()).get('discovery.searches')?.found).toContain('Condition (not supported)');
  });

  it('fails another FHIR version and a server without transactions', () => {
    const lines = byId(statement({ fhirVersion: '3.0.1' }, ['batch']));
    expect(lines.get('discovery.version')?.status).toBe('fail');
    expect(lines.get('discovery.bundles')?.found).toContain('transaction');
  });

  it('warns about a record search the server does not declare', () => {
    const rest = statement().rest![0]!;
    const resource = [...loaderNeeds().keys()].map((type) => ({
      type,
      interaction: [{ code: 'search-type' as const }],
      searchParam: [{ name: 'patient', type: 'reference' as const }],
    }));
    const lines = byId(statement({ rest: [{ ...rest, resource }] as CapabilityStatement['rest'] }));
    expect(lines.get('discovery.searches')?.status).toBe('warn');
    expect(lines.get('discovery.searches')?.found).toContain('Observation?date');
  });

  it('warns when PKCE S256 is not advertised, fails without a token endpoint', () => {
    const base = { authorization_endpoint: 'https://ehr/authorize', token_endpoint: 'https://ehr/token' };
    expect(smartConfigLine({ config: { ...base, code_challenge_methods_supported: ['S256'] } }).status).toBe('ok');
    expect(smartConfigLine({ config: base }).status).toBe('warn');
    expect(smartConfigLine({ config: { authorization_endpoint: base.authorization_endpoint } }).status).toBe('fail');
    expect(smartConfigLine({ problem: 'answered 404' }).found).toContain('404');
  });
});

// The FHIR origin allowlist compares exact origins after WHATWG normalisation: every spelling of a loopback host
// collapses to one origin, and only configured origins pass (no blanket loopback allowance).
import { describe, expect, it } from 'vitest';
import { FhirOrigins, parseOrigins, UNUSABLE_FHIR_TEXT } from './origins';

describe('FhirOrigins', () => {
  const origins = new FhirOrigins(['https://EHR.example.org/', 'http://127.0.0.1:8080']);

  it('allows exactly the configured origins, normalised', () => {
    expect(origins.list()).toEqual(['https://ehr.example.org', 'http://127.0.0.1:8080']);
    expect(origins.allows('https://ehr.example.org/fhir/R4')).toBe(true);
    expect(origins.allows('https://ehr.example.org:443/fhir')).toBe(true);
    expect(origins.allows('https://ehr.example.org:8443/fhir')).toBe(false);
    expect(origins.allows('http://ehr.example.org/fhir')).toBe(false);
    expect(origins.allows('https://user:pw@ehr.example.org/fhir')).toBe(false);
    expect(origins.allows('file:///etc/passwd')).toBe(false);
  });

  it.each([
    ['http://127.1:8080/fhir', true],
    ['http://2130706433:8080/fhir', true],
    ['http://0x7f.1:8080/fhir', true],
    ['http://0177.0.0.1:8080/fhir', true],
    ['http://127.1:9090/fhir', false],
    ['http://LOCALHOST:8080/fhir', false],
    ['http://localhost:8080/fhir', false],
    ['http://[::1]:8080/fhir', false],
    ['http://127.0.0.2:8080/fhir', false],
  ])('%s is the allowed 127.0.0.1:8080 origin: %s', (url, allowed) => {
    expect(origins.allows(url)).toBe(allowed);
  });

  it('normalises a FHIR base and refuses everything else with one text', () => {
    expect(origins.base('http://2130706433:8080/fhir/R4/')).toBe('http://127.0.0.1:8080/fhir/R4');
    for (const bad of ['http://localhost:8080/fhir', 'https://ehr.example.org/fhir?x=1', 'not a url']) {
      expect(() => origins.base(bad)).toThrow(UNUSABLE_FHIR_TEXT);
    }
  });

  it('parses ONCOAGENT_FHIR_ORIGINS and names a bad entry', () => {
    expect(parseOrigins(' https://a.example/fhir , http://b.example:81/ ,')).toEqual([
      'https://a.example',
      'http://b.example:81',
    ]);
    expect(parseOrigins(undefined)).toEqual([]);
    expect(() => parseOrigins('https://a.example, ftp://b.example')).toThrow(/ftp:\/\/b.example/);
  });
});

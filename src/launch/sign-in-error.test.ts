// @vitest-environment happy-dom
// Sign-in failures keep the server's reason: the OAuth error of a refused token request, and for a request the CSP
// blocked, the origin and the setting to change; nothing of the token request's URL is shown.
import { describe, expect, it } from 'vitest';
import { blockedOrigins, CSP_SETTING, signInReason, watchBlockedOrigins } from './sign-in-error';

/** What fhirclient's HttpError.parse() makes of a refused token request. */
const httpError = (body: string): Error =>
  Object.assign(new Error(`401 Unauthorized\nURL: https://ehr.example.org/auth/token${body}`), { status: 401 });

describe('signInReason', () => {
  it('shows the OAuth error and description of a refused token request, not only "401 Unauthorized"', () => {
    const reason = signInReason(httpError('\ninvalid_client: Client authentication failed'), []);
    expect(reason).toBe(
      "the EHR's authorization server answered 401 Unauthorized (invalid_client: Client authentication failed)"
    );
    expect(reason).not.toContain('https://');
  });

  it('reads the reason from a JSON body and never shows raw JSON', () => {
    const body = '\n\n{\n  "error": "invalid_grant",\n  "error_description": "The code has expired"\n}';
    expect(signInReason(httpError(body), [])).toMatch(/\(invalid_grant: The code has expired\)$/);
    const other = signInReason(httpError('\n\n{\n  "foo": 1\n}'), []);
    expect(other).toBe("the EHR's authorization server answered 401 Unauthorized");
  });

  it(`names the blocked origin and ${CSP_SETTING} when the CSP blocked the request`, () => {
    const reason = signInReason(new TypeError('Failed to fetch'), ['http://ehr.local:8080']);
    expect(reason).toContain('http://ehr.local:8080');
    expect(reason).toContain(`add this origin to ${CSP_SETTING}`);
  });

  it(`still points at CORS and ${CSP_SETTING} when nothing was recorded as blocked`, () => {
    expect(signInReason(new TypeError('Failed to fetch'), [])).toMatch(/CORS.*ONCOAGENT_CSP_CONNECT/);
  });

  it('records connect-src violations only', () => {
    const target = new EventTarget();
    watchBlockedOrigins(target);
    const fire = (directive: string, uri: string) =>
      target.dispatchEvent(
        Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: directive, blockedURI: uri })
      );
    fire('img-src', 'https://img.example.org/a.png');
    fire('connect-src', 'https://ehr.example.org/fhir/metadata');
    fire('connect-src', 'inline');
    expect(blockedOrigins()).toEqual(['https://ehr.example.org']);
  });
});

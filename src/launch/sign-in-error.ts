// Says why sign-in to the EHR failed with the server's own reason and the setting to change: the OAuth `error` and
// `error_description` of a refused token request (not only "401 Unauthorized"), and, for a request the browser never
// sent because the app's Content-Security-Policy blocked it, the origin and `ONCOAGENT_CSP_CONNECT`.

/** The CSP setting of the OncoAgent server that lists the origins the app may call (connect-src). */
export const CSP_SETTING = 'ONCOAGENT_CSP_CONNECT';

const blocked: string[] = [];

/**
 * Records the origins the page's Content-Security-Policy blocks (connect-src), so a later "Failed to fetch" can be
 * told apart from a server that is down. Call once when the page starts.
 * @param target - The document (or any event target that sees `securitypolicyviolation`).
 */
export function watchBlockedOrigins(target: EventTarget = document): void {
  target.addEventListener('securitypolicyviolation', (event) => {
    const e = event as SecurityPolicyViolationEvent;
    if (!/^connect-src/.test(e.effectiveDirective ?? e.violatedDirective ?? '')) return;
    try {
      const origin = new URL(e.blockedURI).origin;
      if (!blocked.includes(origin)) blocked.push(origin);
    } catch {
      // A blocked URI that is not a URL ("inline", "eval") is not a connection.
    }
  });
}

/** The origins blocked so far (for tests and messages). */
export const blockedOrigins = (): readonly string[] => blocked;

/** The OAuth error in what fhirclient's HttpError appended (`error: description`, or a JSON body). */
function oauthReason(rest: string[]): string | undefined {
  const text = rest.join('\n').trim();
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as { error?: unknown; error_description?: unknown; issue?: unknown };
    if (typeof body.error === 'string') {
      return typeof body.error_description === 'string' ? `${body.error}: ${body.error_description}` : body.error;
    }
    const issues = Array.isArray(body.issue)
      ? (body.issue as { details?: { text?: string }; diagnostics?: string }[])
      : [];
    return (
      issues
        .map((i) => i.details?.text ?? i.diagnostics)
        .filter(Boolean)
        .join('; ') || undefined
    );
  } catch {
    const line = rest.find((l) => /^[a-z_]+(:\s.+)?$/.test(l.trim()));
    return line?.trim() ?? (text.length <= 300 && !/[<{]/.test(text) ? text : undefined);
  }
}

const isNoAnswer = (error: unknown): boolean =>
  error instanceof TypeError ||
  /^(Failed to fetch|NetworkError|Load failed)/.test(error instanceof Error ? error.message : String(error));

/**
 * The reason a sign-in step failed, in words a clinician can pass on and an administrator can act on.
 * @param error - What fhirclient (or fetch) threw.
 * @param blockedNow - Origins the CSP blocked (default: those recorded by {@link watchBlockedOrigins}).
 * @returns One sentence without a trailing period, no URLs of the token request.
 */
export function signInReason(error: unknown, blockedNow: readonly string[] = blocked): string {
  if (isNoAnswer(error)) {
    if (blockedNow.length) {
      return (
        `the browser blocked the request to ${blockedNow.join(', ')} because OncoAgent's Content-Security-Policy ` +
        `does not allow it; add ${blockedNow.length === 1 ? 'this origin' : 'these origins'} to ${CSP_SETTING} on ` +
        'the OncoAgent server'
      );
    }
    return (
      'the EHR did not answer the browser ("Failed to fetch"): check the network, that the EHR allows this app\'s ' +
      `origin (CORS), and, for an EHR on another origin, that ${CSP_SETTING} on the OncoAgent server lists it`
    );
  }
  const text = error instanceof Error ? error.message : String(error);
  const [first = '', ...rest] = text.split('\n');
  const status = /^(\d{3})\b/.exec(first)?.[1];
  const reason = oauthReason(rest.filter((l) => !/^URL:/.test(l)));
  if (status) {
    const what = `the EHR's authorization server answered ${first.trim()}`;
    return reason ? `${what} (${reason})` : what;
  }
  return first.replace(/\.+$/, '');
}

// The OAuth error of the token and revocation endpoints (RFC 6749 §5.2), apart from client authentication so that
// every way of authenticating a client can throw it.

/** An OAuth error response: `error`, `error_description` (the message) and the HTTP status. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly status: 400 | 401 = 400
  ) {
    super(message);
  }
}

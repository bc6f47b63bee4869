// Typed model failures, so callers can tell "no model here" (say unavailable) from "the model answered badly" (error).

/** Base class of every failure raised by the model layer. */
export class ModelError extends Error {
  /** HTTP status from the provider, when there was one. */
  readonly status?: number;
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.status = options.status;
  }
}

/** No model configured, endpoint unreachable or timing out, credentials or model name rejected, provider down. */
export class ModelUnavailableError extends ModelError {}

/** The provider answered, but not usably: malformed reply, request rejected, output not matching the schema, refusal. */
export class ModelResponseError extends ModelError {
  /** The model's refusal text, when the failure is a refusal. */
  readonly refusal?: string;
  constructor(message: string, options: { status?: number; cause?: unknown; refusal?: string } = {}) {
    super(message, options);
    this.refusal = options.refusal;
  }
}

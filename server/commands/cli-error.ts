// Errors the CLI maps to exit codes: 1 for bad input, 2 for an unavailable dependency.

/** Bad input (arguments, files): printed without a stack, exit code 1. */
export class CliError extends Error {
  readonly exitCode: number = 1;
}

/** A dependency that cannot be used here (no model, no network, port taken): exit code 2. */
export class UnavailableError extends CliError {
  override readonly exitCode = 2;
}

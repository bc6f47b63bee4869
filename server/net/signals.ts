// Joins cancellations (the caller's, a client's own, a deadline): whichever aborts first stops the work.

/**
 * One signal that aborts as soon as any of the given ones does.
 * @param signals - Signals, absent ones allowed.
 * @returns The joined signal; the only one when just one is present; undefined when none is.
 */
export function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = [...new Set(signals.filter((s): s is AbortSignal => s !== undefined))];
  return present.length > 1 ? AbortSignal.any(present) : present[0];
}

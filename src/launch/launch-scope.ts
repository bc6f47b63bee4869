// Chooses the scopes for each SMART launch kind: `launch` for EHR launch, `launch/patient` for standalone (plus a
// patient search, for EHRs that choose no patient in a standalone launch and leave it to the app's picker).
/**
 * Adapts the configured scopes to the launch: an EHR launch (`launch` parameter present) must request `launch`;
 * a standalone launch must not (there is no launch context to bind) and must request `launch/patient`,
 * so the authorization server asks the user to pick a patient; `user/Patient.rs` lets the app's own picker search
 * when the EHR picks none.
 * @param configured - The configured scopes, space-separated.
 * @param hasLaunchParam - Whether the launch URL carries a `launch` parameter.
 * @returns The scopes to request, space-separated, without duplicates.
 */
export function launchScope(configured: string, hasLaunchParam: boolean): string {
  const scopes = configured.split(/\s+/).filter((s) => s.length > 0);
  const wanted = hasLaunchParam ? ['launch'] : ['launch/patient', 'user/Patient.rs'];
  const kept = scopes.filter((s) => hasLaunchParam || s !== 'launch');
  return [...new Set([...kept, ...wanted])].join(' ');
}

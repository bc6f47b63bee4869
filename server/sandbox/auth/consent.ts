// The pages authorize shows the user: the patient picker of a standalone launch, and (when the sandbox requires a
// login) the consent screen naming the client, the scopes and the patient, which must be approved before a code.
import { escapeHtml, page } from './html';
import { scopeTokens } from './scopes';

export interface PatientChoice {
  id: string;
  name: string;
  birthDate?: string;
  mrn?: string;
}

const hiddenFields = (params: Record<string, string>): string =>
  Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');

/**
 * The patient picker of a standalone launch.
 * @param params - The authorize parameters, re-posted with the chosen patient.
 * @param patients - The patients to choose from.
 * @returns HTML.
 */
export function pickerPage(params: Record<string, string>, patients: readonly PatientChoice[]): string {
  const rows = patients
    .map(
      (
        p
      ) => `<tr><td>${escapeHtml(p.name)}</td><td>${escapeHtml(p.birthDate ?? '')}</td><td>${escapeHtml(p.mrn ?? '')}</td>
<td><button name="patient" value="${escapeHtml(p.id)}" data-patient="${escapeHtml(p.id)}">Select</button></td></tr>`
    )
    .join('');
  const body = `<p>Choose the patient to open in <b>${escapeHtml(params.client_id ?? '')}</b>.</p>
<form method="post" action="authorize">${hiddenFields(params)}<table><tr><th>Patient</th><th>Born</th><th>MRN</th><th></th></tr>${rows}</table></form>`;
  return page('Sandbox EHR — select a patient', body);
}

/**
 * The consent screen.
 * @param o - `params` (re-posted, including `patient` and the session's `csrf`), the signed-in `user`, the granted
 *   `scope`, the `patient` (undefined: no patient context), and an optional `error` note.
 * @returns HTML.
 */
export function consentPage(o: {
  params: Record<string, string>;
  user: string;
  scope: string;
  patient?: PatientChoice;
  error?: string;
}): string {
  const scopes = scopeTokens(o.scope)
    .map((s) => `<li><code>${escapeHtml(s)}</code></li>`)
    .join('');
  const who = o.patient
    ? `${escapeHtml(o.patient.name)}${o.patient.birthDate ? `, born ${escapeHtml(o.patient.birthDate)}` : ''}${
        o.patient.mrn ? `, MRN ${escapeHtml(o.patient.mrn)}` : ''
      }`
    : 'none (no patient context)';
  const body = `${o.error ? `<p class="error">${escapeHtml(o.error)}</p>` : ''}
<p><b>${escapeHtml(o.params.client_id ?? '')}</b> asks to use the sandbox EHR as <b>${escapeHtml(o.user)}</b>.</p>
<p>Patient: <b>${who}</b></p>
<p>It would be allowed:</p><ul>${scopes}</ul>
<form method="post" action="authorize">${hiddenFields(o.params)}
<button name="decision" value="approve">Allow</button> <button name="decision" value="deny">Deny</button></form>`;
  return page('Sandbox EHR — allow access?', body);
}

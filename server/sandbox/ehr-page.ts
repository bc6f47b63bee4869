// The sandbox EHR's home page: the patient list, each with a button that performs a real SMART EHR launch.
import type { Condition, Patient } from '@medplum/fhirtypes';
import { Hono } from 'hono';
import type { GrantStore } from './auth/grants';
import { escapeHtml, page, sendPage } from './auth/html';
import type { SandboxLogin } from './auth/login';

const MCODE_PRIMARY = 'http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-primary-cancer-condition';

export interface PatientRow {
  id: string;
  name: string;
  gender?: string;
  birthDate?: string;
  mrn?: string;
  diagnosis?: string;
}

const signedIn = (user: string): string =>
  `<form method="post" action="/sandbox/logout" class="note">Signed in as <b>${escapeHtml(user)}</b> <button>Sign out</button></form>`;

/** Display name of a Patient ("Given Family"). */
export function patientName(patient: Patient): string {
  const name = patient.name?.find((n) => n.use === 'official') ?? patient.name?.[0];
  if (!name) return `Patient ${patient.id}`;
  return name.text ?? [...(name.given ?? []), name.family].filter(Boolean).join(' ');
}

/**
 * Builds the table rows from patients and their conditions.
 * @param patients - All patients.
 * @param conditions - All conditions (the mCODE primary cancer is shown).
 * @returns One row per patient.
 */
export function patientRows(patients: Patient[], conditions: Condition[]): PatientRow[] {
  return patients.map((p) => {
    const primary = conditions.find(
      (c) => c.subject?.reference === `Patient/${p.id}` && c.meta?.profile?.includes(MCODE_PRIMARY)
    );
    return {
      id: p.id ?? '',
      name: patientName(p),
      gender: p.gender,
      birthDate: p.birthDate,
      mrn: p.identifier?.find((i) => i.type?.coding?.some((c) => c.code === 'MR'))?.value ?? p.identifier?.[0]?.value,
      diagnosis: primary?.code?.text ?? primary?.code?.coding?.[0]?.display,
    };
  });
}

/**
 * Renders the EHR page.
 * @param rows - The patients.
 * @param standaloneUrl - URL of a standalone launch of the app against this sandbox.
 * @param session - The signed-in demo user, when the sandbox requires a login (shown with a sign-out button).
 * @returns HTML.
 */
export function ehrPage(rows: PatientRow[], standaloneUrl: string, session?: { user: string }): string {
  const body = rows
    .map(
      (r) => `<tr><td><b>${escapeHtml(r.name)}</b><br><span class="note">MRN ${escapeHtml(r.mrn ?? '—')}</span></td>
<td>${escapeHtml(r.gender ?? '')}</td><td>${escapeHtml(r.birthDate ?? '')}</td><td>${escapeHtml(r.diagnosis ?? '')}</td>
<td><a class="button" href="/sandbox/launch?patient=${encodeURIComponent(r.id)}" data-launch="${escapeHtml(r.id)}">Launch OncoAgent</a></td></tr>`
    )
    .join('');
  return page(
    'Sandbox EHR — OncoAgent development',
    `${session ? signedIn(session.user) : ''}<p>Synthetic patients written for OncoAgent development. No real patient data.</p>
<table><tr><th>Patient</th><th>Sex</th><th>Born</th><th>Primary cancer</th><th></th></tr>${body}</table>
<p class="note">Standalone launch (patient picker): <a href="${escapeHtml(standaloneUrl)}">${escapeHtml(standaloneUrl)}</a></p>`
  );
}

export interface EhrRouteDeps {
  login: SandboxLogin;
  grants: GrantStore;
  listPatients: () => Promise<PatientRow[]>;
  fhirBase: string;
  /** Where "Launch OncoAgent" sends the browser. */
  appLaunchUrl: string;
  /** Medplum's `$smart-launch` gives `iss` with a trailing slash. */
  medplum: boolean;
}

/**
 * The EHR page (`/`) and its EHR launch (`/launch?patient=…`), both behind the demo-user login when one is required.
 * @param deps - Login, launch contexts, patients and URLs.
 * @returns Routes to mount at the sandbox's root.
 */
export function ehrRoutes(deps: EhrRouteDeps): Hono {
  const routes = new Hono();
  const standalone = new URL(deps.appLaunchUrl);
  standalone.searchParams.set('iss', deps.fhirBase);
  routes.get('/', async (c) => {
    const gate = deps.login.gate(c);
    if (gate) return gate;
    return sendPage(c, ehrPage(await deps.listPatients(), standalone.toString(), deps.login.session(c)));
  });
  routes.get('/launch', (c) => {
    const gate = deps.login.gate(c);
    if (gate) return gate;
    const launch = deps.grants.launches.put({ patient: c.req.query('patient') ?? '' });
    const target = new URL(deps.appLaunchUrl);
    target.searchParams.set('iss', deps.medplum ? `${deps.fhirBase}/` : deps.fhirBase);
    target.searchParams.set('launch', launch);
    return c.redirect(target.toString(), 302);
  });
  return routes;
}

// The sandbox EHR: FHIR R4 API, SMART authorization server, DICOMweb, EHR launch page and demo data, as one Hono app.
import { parseSearchRequest } from '@medplum/core';
import type { Condition, Patient, Practitioner } from '@medplum/fhirtypes';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { ensureDefinitions } from '../fhir/definitions';
import { createAuthServer } from './auth';
import { type BackendKeyOption, backendClientKeys } from './auth/backend-client';
import type { GrantStore } from './auth/grants';
import type { TokenSigner } from './auth/jwt';
import type { LoginConfig } from './auth/login';
import { SANDBOX_USER } from './auth/token';
import { FHIR_PATH, SANDBOX_PATH, sandboxUrls } from './auth/urls';
import { type BulkExport, type BulkOptions, createBulkExport } from './bulk';
import { demoData } from './demo';
import { DicomStore } from './dicom/dicom-store';
import { createDicomWebRoutes } from './dicom/dicomweb';
import { ehrRoutes, patientRows } from './ehr-page';
import { type Emulation, isMedplum } from './emulation';
import { type Access, OPEN_ACCESS, requireGrant, visible } from './fhir/access';
import { FhirService } from './fhir/fhir-service';
import { SandboxRepository } from './fhir/repository';
import { fhirRoute, UnauthorizedError, unauthorized, verifyBearer } from './fhir/routes';
import { loadBundle, loadSeedDir } from './seed';
import { type SyntheticOptions, syntheticCohort } from './synthetic';

export { FHIR_PATH, SANDBOX_PATH };

export interface SandboxOptions {
  /**
   * Origin the sandbox is reached at, e.g. http://localhost:8080: the source of every URL it hands out (launch
   * redirects, issuer, token audience, demo Endpoint addresses); the request's Host header is never used.
   */
  publicUrl: string;
  secret: string;
  tokenTtlSeconds: number;
  /** Serve FHIR and DICOMweb without tokens (behind an external SMART authorization server). */
  open: boolean;
  redirectOrigins: string[];
  seedDirs: string[];
  /** Where "Launch OncoAgent" sends the browser; default `<origin>/launch.html`. */
  appLaunchUrl?: string;
  demo?: boolean;
  /** Also load a synthetic colorectal cohort (server/sandbox/synthetic) with its Group. */
  synthetic?: SyntheticOptions;
  /** Behave like a real server (e.g. Medplum) instead of a spec-conformant one. */
  emulate?: Emulation;
  /**
   * Demo user who must sign in to the EHR page, the EHR launch and authorize (which then asks for consent); required
   * when the sandbox is reachable beyond loopback. Absent: the demo clinician is always signed in, no consent.
   */
  login?: LoginConfig;
  /** Bulk Data export limits (files per type, jobs per client, expiry, where files go). */
  bulk?: BulkOptions;
  /**
   * Keys of the SMART Backend Services client `oncoagent-backend`: `{ dir }` makes an ES384 pair there at the first
   * start and reuses it (serve: `$ONCOAGENT_DATA_DIR/sandbox`); `{ jwks }` injects public keys (tests). Absent: the
   * client exists but has no key.
   */
  backendKeys?: BackendKeyOption;
}

export interface Sandbox {
  routes: Hono;
  service: FhirService;
  dicom: DicomStore;
  signer: TokenSigner;
  grants: GrantStore;
  bulk: BulkExport;
  /** Where the private key of `oncoagent-backend` is, when the sandbox keeps it (the path only). */
  backendKeyFile?: string;
}

const CLINICIAN: Practitioner = {
  resourceType: 'Practitioner',
  id: SANDBOX_USER.split('/')[1],
  name: [{ use: 'official', prefix: ['Dr.'], given: ['Alex'], family: 'Sandbox' }],
  active: true,
};

/**
 * Builds the sandbox and loads its data.
 * @param options - Secrets, token lifetime, seeds and URLs.
 * @returns The Hono routes to mount at `/sandbox`, plus the parts tests need.
 */
export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  ensureDefinitions();
  const repo = new SandboxRepository();
  const urls = sandboxUrls(options.publicUrl);
  const service = new FhirService(
    repo,
    {
      authorize: `${options.publicUrl}${SANDBOX_PATH}/auth/authorize`,
      token: `${options.publicUrl}${SANDBOX_PATH}/auth/token`,
    },
    { emulate: options.emulate }
  );
  const dicom = new DicomStore();
  const base = `${options.publicUrl}${FHIR_PATH}`;

  await repo.updateResource(CLINICIAN);
  if (options.demo !== false) {
    const demo = demoData({ dicomWebBase: `${options.publicUrl}${SANDBOX_PATH}/dicomweb` });
    for (const spec of demo.phantoms) dicom.addSeries(spec);
    for (const [i, bundle] of demo.bundles.entries()) await loadBundle(service, bundle, base, `demo bundle ${i + 1}`);
    await loadBundle(service, demo.groups, base, 'demo groups');
  }
  if (options.synthetic) {
    for (const [i, bundle] of syntheticCohort(options.synthetic).bundles.entries())
      await loadBundle(service, bundle, base, `synthetic bundle ${i + 1}`);
  }
  for (const dir of options.seedDirs) await loadSeedDir(service, dir, base);

  const listPatients = async () => {
    const patients = await repo.searchResources<Patient>(parseSearchRequest('Patient', { _count: '1000' }));
    const conditions = await repo.searchResources<Condition>(parseSearchRequest('Condition', { _count: '5000' }));
    return patientRows(patients, conditions).sort((a, b) => a.name.localeCompare(b.name));
  };

  const backend = await backendClientKeys(options.backendKeys);
  const auth = createAuthServer(options, urls, listPatients, backend.keys);
  const { signer, grants } = auth;
  const routes = new Hono();
  const corsAll = cors({
    origin: (origin) => origin,
    allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'If-Match', 'If-None-Exist', 'Prefer'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: [
      'Location',
      'ETag',
      'Last-Modified',
      'Content-Location',
      'WWW-Authenticate',
      'X-Progress',
      'Retry-After',
      'Expires',
    ],
    maxAge: 600,
  });
  routes.use('/fhir/*', corsAll);
  routes.use('/dicomweb/*', corsAll);

  const appLaunchUrl = options.appLaunchUrl ?? `${urls.origin}/launch.html`;
  const medplum = isMedplum(options.emulate);
  routes.route('/', auth.login.routes());
  routes.route(
    '/',
    ehrRoutes({ login: auth.login, grants, listPatients, fhirBase: urls.fhirBase, appLaunchUrl, medplum })
  );
  routes.route('/auth', auth.routes);
  routes.get('/fhir/R4/.well-known/smart-configuration', (c) => c.json(auth.configuration));
  const bulk = createBulkExport({ service, signer, fhirBase: urls.fhirBase, open: options.open }, options.bulk);
  routes.all('/fhir/R4/*', (c) =>
    fhirRoute(c, { service, signer, open: options.open, fhirBase: urls.fhirBase, basePath: FHIR_PATH, bulk })
  );

  routes.use('/dicomweb/studies/:study/*', async (c, next) => dicomGuard(c, next));
  routes.use('/dicomweb/studies/:study', async (c, next) => dicomGuard(c, next));
  const dicomGuard = async (c: Context, next: () => Promise<void>): Promise<Response | undefined> => {
    let access: Access = OPEN_ACCESS;
    try {
      if (!options.open) access = verifyBearer(c, signer, urls.fhirBase);
      if (!(await studyVisible(repo, access, c.req.param('study') ?? ''))) {
        return c.json({ error: `Study not found or not visible with this token` }, 404);
      }
    } catch (err) {
      if (err instanceof UnauthorizedError) return unauthorized(c, err);
      return c.json({ error: (err as Error).message }, 403);
    }
    await next();
    return undefined;
  };
  routes.route('/dicomweb', createDicomWebRoutes(dicom));
  return { routes, service, dicom, signer, grants, bulk, backendKeyFile: backend.privateKeyFile };
}

async function studyVisible(repo: SandboxRepository, access: Access, studyUid: string): Promise<boolean> {
  const grant = requireGrant(access, 'ImagingStudy', 'r');
  const studies = await repo.searchResources(
    parseSearchRequest('ImagingStudy', { identifier: `urn:dicom:uid|urn:oid:${studyUid}` })
  );
  return studies.some((s) => visible(access, grant, s));
}

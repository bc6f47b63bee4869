// WADO-RS retrieve and metadata routes over the phantom store; the caller mounts them and adds auth.
import type { OperationOutcome } from '@medplum/fhirtypes';
import { type Context, Hono } from 'hono';
import { buildMultipartRelated, mediaTypeParam } from '../../../common/dicom/multipart';
import { toDicomJson } from './dicom-json';
import type { DicomStore } from './dicom-store';
import { EXPLICIT_VR_LITTLE_ENDIAN } from './dicom-writer';
import { type PhantomInstance, phantomSliceElements } from './phantom';

type Representation = 'multipart' | 'single';

/** Media ranges of an Accept header, best first; an absent header accepts anything. */
function acceptRanges(accept: string | undefined): string[] {
  if (!accept?.trim()) return ['*/*'];
  return accept
    .split(',')
    .map((range, order) => ({ range: range.trim(), order, q: Number(mediaTypeParam(range, 'q') ?? '1') }))
    .filter(({ range, q }) => range !== '' && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ range }) => range);
}

/** Picks how to answer a retrieve: a multipart/related body, a single file (instance URLs only), or nothing. */
function negotiateRetrieve(accept: string | undefined, instanceLevel: boolean): Representation | undefined {
  for (const range of acceptRanges(accept)) {
    const mediaType = range.split(';')[0].trim().toLowerCase();
    const syntax = mediaTypeParam(range, 'transfer-syntax');
    if (syntax !== undefined && syntax !== '*' && syntax !== EXPLICIT_VR_LITTLE_ENDIAN) continue;
    if (mediaType === '*/*') return 'multipart';
    if (mediaType === 'multipart/related' || mediaType === 'multipart/*') {
      const type = mediaTypeParam(range, 'type')?.toLowerCase();
      if (type === undefined || type === 'application/dicom' || type === 'application/*') return 'multipart';
    }
    if (instanceLevel && (mediaType === 'application/dicom' || mediaType === 'application/*')) return 'single';
  }
  return undefined;
}

function outcome(c: Context, status: 404 | 406, code: 'not-found' | 'not-supported', diagnostics: string): Response {
  const body: OperationOutcome = {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, diagnostics }],
  };
  return c.json(body, status);
}

function retrieve(c: Context, instances: PhantomInstance[] | undefined, what: string, instanceLevel = false): Response {
  if (!instances || instances.length === 0) return outcome(c, 404, 'not-found', `${what} not found`);
  const representation = negotiateRetrieve(c.req.header('Accept'), instanceLevel);
  if (!representation) {
    const offered = instanceLevel
      ? 'multipart/related; type="application/dicom" or application/dicom'
      : 'multipart/related; type="application/dicom"';
    return outcome(c, 406, 'not-supported', `cannot satisfy Accept "${c.req.header('Accept')}"; offered: ${offered}`);
  }
  if (representation === 'single') {
    return c.body(instances[0].bytes, 200, { 'Content-Type': 'application/dicom' });
  }
  const boundary = `oncoagent-${crypto.randomUUID()}`;
  const body = buildMultipartRelated(
    instances.map((i) => ({ contentType: 'application/dicom', body: i.bytes })),
    boundary
  );
  const contentType = `multipart/related; type="application/dicom"; transfer-syntax=${EXPLICIT_VR_LITTLE_ENDIAN}; boundary=${boundary}`;
  return c.body(body, 200, { 'Content-Type': contentType });
}

/**
 * WADO-RS routes (studies, series, instances, series metadata) to mount under `/sandbox/dicomweb`.
 * @param store - Where the phantom series live.
 * @returns A Hono app without auth; wrap it with token checks.
 */
export function createDicomWebRoutes(store: DicomStore): Hono {
  const app = new Hono();
  app.get('/studies/:study', (c) => retrieve(c, store.study(c.req.param('study')), 'study'));
  app.get('/studies/:study/series/:series', (c) =>
    retrieve(c, store.series(c.req.param('study'), c.req.param('series')), 'series')
  );
  app.get('/studies/:study/series/:series/instances/:instance', (c) => {
    const { study, series, instance } = c.req.param();
    const found = store.instance(study, series, instance);
    return retrieve(c, found ? [found] : undefined, 'instance', true);
  });
  app.get('/studies/:study/series/:series/metadata', (c) => {
    const spec = store.seriesSpec(c.req.param('study'), c.req.param('series'));
    if (!spec) return outcome(c, 404, 'not-found', 'series not found');
    const ok = acceptRanges(c.req.header('Accept')).some((range) =>
      ['*/*', 'application/*', 'application/dicom+json', 'application/json'].includes(
        range.split(';')[0].trim().toLowerCase()
      )
    );
    if (!ok) return outcome(c, 406, 'not-supported', 'metadata is offered as application/dicom+json only');
    const body = Array.from({ length: spec.slices }, (_, i) => toDicomJson(phantomSliceElements(spec, i)));
    return c.body(JSON.stringify(body), 200, { 'Content-Type': 'application/dicom+json' });
  });
  return app;
}

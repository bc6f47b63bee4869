// Content-derived identities of the plan's resources. A finding's identity comes from what it says (subject, code,
// value, source data, time) and not from the workup that made it, so re-running a workup on an unchanged record and
// writing again adds nothing; its slot says what it is about without the value, so a later signed result with another
// value can supersede the earlier one.
import { createHash } from 'node:crypto';
import type { Bundle, BundleEntry, Coding, DiagnosticReport, Identifier, Resource } from '@medplum/fhirtypes';
import { FINDING_SYSTEM, SLOT_SYSTEM, WORKUP_ITEM_SYSTEM } from '../../common/writeback/systems';

/** Fields that record when or how a resource was written, not what it states. */
const NOT_CONTENT = new Set([
  'id',
  'meta',
  'identifier',
  'text',
  'status',
  'issued',
  'authored',
  'note',
  'presentedForm',
  'resultsInterpreter',
  'display',
]);
/** Per type, fields that are the value of a finding: left out of its slot. */
const VALUE_FIELDS: Record<string, Set<string>> = {
  Observation: new Set(['interpretation', 'hasMember', 'method', 'device', 'referenceRange']),
  QuestionnaireResponse: new Set(['item', 'author', 'extension']),
};
/** Observation components that say what a finding is about (the drug assessed, the lesion, the image). */
const IDENTIFYING_COMPONENTS = new Set(['51963-7', 'lesion-label', 'source-instance', 'variant']);
const SOURCE_REPORT = 'synoptic-source-report';

type Keyer = (reference: string) => string | undefined;

const hash = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 40);

/** JSON with sorted keys, so equal content always hashes equally. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The resource's content with plan-internal references replaced by the referenced entry's key. */
function strip(value: unknown, key: Keyer, drop: Set<string>, top = true): unknown {
  if (Array.isArray(value)) return value.map((v) => strip(v, key, drop, false));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (NOT_CONTENT.has(k) && (top || k === 'display')) continue;
    if (top && drop.has(k)) continue;
    out[k] = k === 'reference' && typeof v === 'string' ? (key(v) ?? v) : strip(v, key, drop, false);
  }
  return out;
}

/** What a resource states. A report's time is when the workup ran, so its text (without the dated footer) counts. */
function contentView(resource: Resource, key: Keyer): unknown {
  const view = strip(resource, key, new Set()) as Record<string, unknown>;
  if (resource.resourceType === 'DiagnosticReport') {
    delete view.effectiveDateTime;
    view.text = reportText(resource as DiagnosticReport);
  }
  return view;
}

/** The report's markdown without the line that says when and by which mode it was prepared. */
function reportText(report: DiagnosticReport): string {
  const markdown = report.presentedForm?.find((a) => a.contentType === 'text/markdown')?.data;
  if (!markdown) return '';
  const text = decodeBase64(markdown);
  return text.replace(/\n*_Prepared by OncoAgent[^\n]*_\s*$/, '');
}

function decodeBase64(data: string): string {
  return Buffer.from(data, 'base64').toString('utf8');
}

function slotView(resource: Resource, key: Keyer): unknown {
  const type = resource.resourceType;
  const values = VALUE_FIELDS[type] ?? new Set<string>();
  const base = strip(resource, key, values) as Record<string, unknown>;
  for (const field of Object.keys(base)) if (field.startsWith('value')) delete base[field];
  if (type === 'Observation' && Array.isArray(base.component)) {
    base.component = (base.component as { code?: { coding?: Coding[] } }[])
      .filter((c) => c.code?.coding?.some((x) => IDENTIFYING_COMPONENTS.has(x.code ?? '')))
      .map((c) => c);
  }
  if (type === 'QuestionnaireResponse') {
    const source = (
      (resource as { extension?: { url?: string; valueReference?: { reference?: string } }[] }).extension ?? []
    ).find((e) => e.url?.endsWith(SOURCE_REPORT))?.valueReference?.reference;
    if (source) base.source = source;
  }
  if (type === 'DiagnosticReport') return { content: base, report: true };
  return base;
}

/** The identities of one plan entry. */
export interface EntryIdentity {
  content: string;
  slot: string;
}

/**
 * Computes the content and slot identity of every entry (references to other entries count by their identity).
 * @param entries - The plan's entries; Devices keep their own identifier as identity.
 * @returns fullUrl → identities.
 */
export function identities(entries: BundleEntry[]): Map<string, EntryIdentity> {
  const byUrl = new Map(entries.map((e) => [e.fullUrl ?? '', e.resource as Resource]));
  const out = new Map<string, EntryIdentity>();
  const visiting = new Set<string>();
  const of = (url: string): EntryIdentity | undefined => {
    const cached = out.get(url);
    if (cached) return cached;
    const resource = byUrl.get(url);
    if (!resource || visiting.has(url)) return undefined;
    visiting.add(url);
    const device = resource.resourceType === 'Device' ? deviceKey(resource) : undefined;
    const id: EntryIdentity = device
      ? { content: `device:${device}`, slot: `device:${device}` }
      : {
          content: hash(contentView(resource, (r) => of(r)?.content)),
          slot: hash(slotView(resource, (r) => of(r)?.slot)),
        };
    visiting.delete(url);
    out.set(url, id);
    return id;
  };
  for (const e of entries) of(e.fullUrl ?? '');
  return out;
}

function deviceKey(device: Resource): string | undefined {
  return (device as { identifier?: Identifier[] }).identifier?.[0]?.value;
}

/** `<system>|<value>` as a search token, value escaped for a query string. */
const token = (system: string, value: string): string => `${system}|${encodeURIComponent(value)}`;

/**
 * Labels every entry (Devices excepted) with its identities and makes its conditional create use the content one:
 * `identifier` (Provenance: `meta.tag`, QuestionnaireResponse: its single identifier, the workup item then a tag),
 * the slot as a `meta.tag`.
 * @param bundle - The plan (signed or not): Provenance identity includes who verified it.
 * @returns A new Bundle.
 */
export function withIdentities(bundle: Bundle): Bundle {
  const entries = bundle.entry ?? [];
  const ids = identities(entries);
  return {
    ...bundle,
    entry: entries.map((e) => {
      const resource = e.resource;
      const id = ids.get(e.fullUrl ?? '');
      if (!resource || !id || resource.resourceType === 'Device') return e;
      const labelled = label(structuredClone(resource), id);
      const ifNoneExist =
        resource.resourceType === 'Provenance'
          ? `_tag=${token(FINDING_SYSTEM, id.content)}`
          : `identifier=${token(FINDING_SYSTEM, id.content)}`;
      return {
        ...e,
        resource: labelled,
        request: { ...e.request, method: 'POST', url: resource.resourceType, ifNoneExist },
      };
    }),
  };
}

function label(resource: Resource, id: EntryIdentity): Resource {
  const finding: Identifier = { system: FINDING_SYSTEM, value: id.content };
  const tags = (resource.meta?.tag ?? []).filter((t) => t.system !== SLOT_SYSTEM && t.system !== FINDING_SYSTEM);
  const r = resource as Resource & { identifier?: Identifier | Identifier[] };
  if (resource.resourceType === 'Provenance') {
    tags.push({ system: FINDING_SYSTEM, code: id.content });
  } else if (resource.resourceType === 'QuestionnaireResponse') {
    const item = r.identifier as Identifier | undefined;
    if (item?.system === WORKUP_ITEM_SYSTEM && item.value) tags.push({ system: WORKUP_ITEM_SYSTEM, code: item.value });
    r.identifier = finding;
  } else {
    const others = ((r.identifier as Identifier[] | undefined) ?? []).filter((i) => i.system !== FINDING_SYSTEM);
    r.identifier = [finding, ...others];
  }
  if (resource.resourceType !== 'Provenance' && resource.resourceType !== 'DiagnosticReport') {
    tags.push({ system: SLOT_SYSTEM, code: id.slot });
  }
  const { tag: _old, ...meta } = resource.meta ?? {};
  resource.meta = tags.length ? { ...meta, tag: tags } : meta;
  return resource;
}

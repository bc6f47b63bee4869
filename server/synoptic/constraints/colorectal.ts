// Constraints of the CAP colon and rectum template: margins (closest = smallest distance; involved ⇔ a distance of 0),
// items that apply only to rectal tumors, procedure–site anatomy, and depth of invasion against perforation and site.
import { formatCm } from '../text/measure';
import { type ConstraintContext, type ConstraintRule, num, val } from './types';

const DISTANCES = ['distance-proximal', 'distance-distal', 'distance-radial'] as const;
const SIDE: Record<string, (typeof DISTANCES)[number]> = {
  Proximal: 'distance-proximal',
  Distal: 'distance-distal',
  'Radial (circumferential) or mesenteric': 'distance-radial',
};
const NA = 'Not applicable';
const CANNOT = 'Cannot be determined';

const known = (ctx: ConstraintContext) =>
  DISTANCES.flatMap((d) => (num(ctx, d) === undefined ? [] : [{ d, v: num(ctx, d)! }]));
const list = (ctx: ConstraintContext) =>
  known(ctx)
    .map((k) => `${k.d.replace('distance-', '')} ${formatCm(k.v)} cm`)
    .join(', ');

/** Bowel segments each procedure can contain (CAP protocol anatomy). */
const SITES_OF: Record<string, string[]> = {
  'Right hemicolectomy': [
    'Cecum',
    'Ileocecal valve',
    'Right (ascending) colon',
    'Hepatic flexure of colon',
    'Transverse colon',
  ],
  'Transverse colectomy': ['Transverse colon', 'Hepatic flexure of colon', 'Splenic flexure of colon'],
  'Left hemicolectomy': ['Splenic flexure of colon', 'Left (descending) colon', 'Transverse colon', 'Sigmoid colon'],
  Sigmoidectomy: ['Sigmoid colon', 'Rectosigmoid junction'],
  'Low anterior resection': ['Rectum', 'Rectosigmoid junction', 'Sigmoid colon'],
  'Abdominoperineal resection': ['Rectum'],
  'Total abdominal colectomy': [
    'Cecum',
    'Ileocecal valve',
    'Right (ascending) colon',
    'Hepatic flexure of colon',
    'Transverse colon',
    'Splenic flexure of colon',
    'Left (descending) colon',
    'Sigmoid colon',
    'Rectosigmoid junction',
  ],
};

const DEEP = ['Penetrates visceral peritoneum (serosa)', 'Directly invades or adheres to adjacent structures'];

export const COLORECTAL_RULES: ConstraintRule[] = [
  {
    id: 'closest-margin-is-smallest-distance',
    items: [...DISTANCES, 'closest-margin'],
    check: (ctx) => {
      const c = val(ctx, 'closest-margin');
      const k = known(ctx);
      if (typeof c !== 'string' || !SIDE[c] || k.length < 2) return true;
      const own = num(ctx, SIDE[c]);
      return own === undefined || own <= Math.min(...k.map((x) => x.v));
    },
    message: (ctx) =>
      `Closest margin is "${val(ctx, 'closest-margin')}" but the smallest distance is elsewhere (${list(ctx)}).`,
  },
  {
    id: 'margin-involved-iff-zero-distance',
    items: [...DISTANCES, 'margin-status'],
    check: (ctx) => {
      const s = val(ctx, 'margin-status');
      const k = known(ctx);
      if (s === 'Uninvolved by tumor') return !k.some((x) => x.v === 0);
      if (s === 'Involved by tumor') return k.length < 3 || k.some((x) => x.v === 0);
      // With a distance of 0, or all three distances measured, the status can be determined.
      if (s === CANNOT) return !k.some((x) => x.v === 0) && k.length < 3;
      return true;
    },
    message: (ctx) => {
      const s = val(ctx, 'margin-status');
      if (s === 'Uninvolved by tumor')
        return `Margin status is "Uninvolved by tumor" but a distance is 0 cm (${list(ctx)}).`;
      if (s === CANNOT) return `Margin status is "${CANNOT}" although the distances decide it (${list(ctx)}).`;
      return `Margin status is "Involved by tumor" but no distance is 0 cm (${list(ctx)}).`;
    },
  },
  ...(['rectal-location', 'mesorectum'] as const).map(
    (item): ConstraintRule => ({
      id: `${item}-only-for-rectum`,
      items: ['tumor-site', item],
      check: (ctx) => {
        const site = val(ctx, 'tumor-site');
        const v = val(ctx, item);
        if (site === null || v === null || site === CANNOT) return true;
        return site === 'Rectum' ? v !== NA : v === NA;
      },
      message: (ctx) =>
        val(ctx, 'tumor-site') === 'Rectum'
          ? `${item} must be assessed for a rectal primary, but it is "${NA}".`
          : `${item} applies only to rectal primaries; the site is "${val(ctx, 'tumor-site')}", so it must be "${NA}".`,
    })
  ),
  {
    id: 'procedure-contains-site',
    items: ['procedure', 'tumor-site'],
    check: (ctx) => {
      const p = val(ctx, 'procedure');
      const s = val(ctx, 'tumor-site');
      const sites = typeof p === 'string' ? SITES_OF[p] : undefined;
      return !sites || typeof s !== 'string' || s === CANNOT || s.startsWith('Colon,') || sites.includes(s);
    },
    message: (ctx) =>
      `A ${String(val(ctx, 'procedure')).toLowerCase()} does not contain the ${String(val(ctx, 'tumor-site')).toLowerCase()}; ` +
      `it removes: ${(SITES_OF[String(val(ctx, 'procedure'))] ?? []).join(', ')}.`,
  },
  {
    id: 'perforation-means-deep-extent',
    items: ['perforation', 'tumor-extent'],
    check: (ctx) =>
      val(ctx, 'perforation') !== 'Present' ||
      val(ctx, 'tumor-extent') === null ||
      DEEP.includes(String(val(ctx, 'tumor-extent'))),
    message: (ctx) =>
      `A perforation through the tumor reaches the visceral peritoneum (pT4a), but the extent is "${val(ctx, 'tumor-extent')}".`,
  },
  {
    id: 'no-serosa-below-reflection',
    items: ['rectal-location', 'tumor-extent'],
    check: (ctx) =>
      val(ctx, 'rectal-location') !== 'Entirely below anterior peritoneal reflection' ||
      val(ctx, 'tumor-extent') !== DEEP[0],
    message: () =>
      'Below the anterior peritoneal reflection the rectum has no serosa, so the tumor cannot penetrate the visceral peritoneum there.',
  },
];

// Checks the synoptic form state: starting values, which inputs count as edits, and flags per item.
import { describe, expect, it } from 'vitest';
import type { ExtractionView } from './api';
import { flagsByItem, formEdits, initialValues } from './form';

const item = (over: Partial<ExtractionView['items'][number]>): ExtractionView['items'][number] => ({
  linkId: 'x',
  text: 'X',
  type: 'choice',
  value: null,
  evidence: [],
  explanation: '',
  method: 'rules',
  flaggedBy: [],
  ...over,
});

const VIEW = {
  items: [
    item({
      linkId: 'procedure',
      value: 'Sigmoidectomy',
      code: 'sigmoidectomy',
      options: [{ code: 'sigmoidectomy', display: 'Sigmoidectomy' }],
    }),
    item({ linkId: 'tumor-size', type: 'decimal', unit: 'cm', value: 4.6 }),
    item({ linkId: 'distance-radial', type: 'decimal', unit: 'cm', value: null }),
  ],
} as unknown as ExtractionView;

describe('synoptic form state', () => {
  it('starts from the extracted answers', () => {
    expect(initialValues(VIEW)).toEqual({ procedure: 'sigmoidectomy', 'tumor-size': '4.6', 'distance-radial': '' });
  });

  it('reports only real changes, as codes, numbers or null', () => {
    const start = initialValues(VIEW);
    expect(formEdits(VIEW, start)).toEqual({ edits: {}, errors: {} });
    expect(formEdits(VIEW, { ...start, 'tumor-size': '4.60' }).edits).toEqual({});
    expect(formEdits(VIEW, { ...start, procedure: '', 'tumor-size': '5,1', 'distance-radial': '0' }).edits).toEqual({
      procedure: null,
      'tumor-size': 5.1,
      'distance-radial': 0,
    });
  });

  it('refuses inputs that are not a length in cm', () => {
    const { errors, edits } = formEdits(VIEW, {
      ...initialValues(VIEW),
      'tumor-size': 'big',
      'distance-radial': '120',
    });
    expect(Object.keys(errors).sort()).toEqual(['distance-radial', 'tumor-size']);
    expect(edits).toEqual({});
  });

  it('lists every violation message under each item it involves', () => {
    const flags = flagsByItem([
      { rule: 'a', items: ['margin-status', 'distance-radial'], message: 'Involved but 2 cm away' },
      { rule: 'b', items: ['distance-radial'], message: 'Not in evidence' },
    ]);
    expect(flags.get('distance-radial')).toEqual(['Involved but 2 cm away', 'Not in evidence']);
    expect(flags.get('margin-status')).toEqual(['Involved but 2 cm away']);
  });
});

// The evaluation scores only what the form can answer: corpus truth outside the template is listed, never a miss.
import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';

describe('evaluate', () => {
  it('lists truth keys that are not items of the template instead of scoring them', async () => {
    const figures = await evaluate([
      {
        id: 'x1',
        template: 'cap-colorectal-resection',
        text: 'Right hemicolectomy. A 3.0 cm tumour in the caecum.',
        truth: { 'tumor-site': 'Cecum', pT: 'T3' },
      },
    ]);
    const colorectal = figures.templates['cap-colorectal-resection'];
    expect(colorectal?.notScored).toEqual(['pT']);
    expect(Object.keys(colorectal?.variables ?? {})).toEqual(['tumor-site']);
    expect(figures.errors.map((e) => e.item)).not.toContain('pT');
  });
});

// What a clinician reads on the Biomarkers card for the sandbox's cholangiocarcinoma patient (demo-icc): variants,
// MSI/TMB/MMR/ECOG facts, tumor markers with their trend, and empty states.
// @vitest-environment happy-dom
import type { Observation } from '@medplum/fhirtypes';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { iccBrafRos1 } from '../../server/sandbox/demo/icc-braf-ros1';
import { Biomarkers } from '../../src/components/Biomarkers/Biomarkers';

const observations = (iccBrafRos1().bundle.entry ?? [])
  .map((e) => e.resource)
  .filter((r): r is Observation => r?.resourceType === 'Observation');
afterEach(cleanup);

const fact = (label: string): string => screen.getByTestId(`biomarker-${label}`).querySelector('dd')?.textContent ?? '';

describe('Biomarkers', () => {
  it('shows the variants, the MSI/TMB/MMR/ECOG results with dates and the rising CA 19-9', () => {
    render(<Biomarkers observations={observations} />);
    const variants = screen.getAllByTestId('variant').map((v) => v.textContent);
    expect(variants).toContain('BRAF p.Val600Glu');
    expect(fact('msi')).toMatch(/^MSI-H \(microsatellite instability-high\) · /);
    expect(fact('tmb')).toMatch(/^2\.1 mutations\/Mb · /);
    expect(fact('mmr')).toMatch(/Proficient \(pMMR\): MLH1, PMS2, MSH2 and MSH6 retained/);
    expect(fact('ecog')).toMatch(/^1 · /);
    const ca199 = screen.getAllByTestId('tumor-marker').find((row) => row.textContent?.startsWith('CA 19-9'))!;
    expect(ca199.getAttribute('data-trend')).toBe('rising');
    expect(within(ca199).getByText('468 U/mL')).toBeTruthy();
    expect(within(ca199).getByText(/^↑ rising \+55% vs 301 U\/mL/)).toBeTruthy();
  });

  // Issue 16: the GOPC::ROS1 fusion showed as "DNA change type gene fusion"; a fusion is named by its partner genes.
  it('names a fusion by its genes', () => {
    render(<Biomarkers observations={observations} />);
    const variants = screen.getAllByTestId('variant').map((v) => v.textContent);
    expect(variants).toContain('GOPC::ROS1 fusion');
  });

  it('says what is not recorded instead of leaving gaps', () => {
    render(<Biomarkers observations={[]} />);
    expect(screen.getByText('No variants recorded.')).toBeTruthy();
    expect(fact('msi')).toBe('not recorded');
    expect(fact('mmr')).toBe('not recorded');
    expect(screen.getByText('No CEA, CA 19-9 or AFP results.')).toBeTruthy();
  });
});

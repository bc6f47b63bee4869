// The shared commit against a scripted FHIR server that behaves as real ones do: per-entry refusals inside a 200,
// transactions run entry by entry, a cap on conditional transactions, lost answers. Nothing is called saved unless
// every entry was written, and a partial write is taken back.
import type { Observation } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkupResult, WritebackPlan } from '../../common/contracts';
import { commitPlan } from '../../common/writeback/commit';
import { FakeEhr } from '../../common/writeback/testing/fake-ehr';
import { buildPlan } from './plan';
import { offlineWorkup } from './testing/offline-workup';

let workup: WorkupResult;
let plan: WritebackPlan;
const SIGNER = 'Practitioner/dr-weber';

beforeAll(async () => {
  workup = await offlineWorkup();
  plan = buildPlan({ workup, signAs: SIGNER });
});

const results = (ehr: FakeEhr) =>
  ehr.ofType('Observation').filter((o) => (o as Observation).status !== 'entered-in-error');

describe('commitPlan', () => {
  it('writes every entry once and reports each; a second commit finds them all', async () => {
    const ehr = new FakeEhr();
    const first = await commitPlan(ehr.transport, plan.bundle);
    expect(first.ok).toBe(true);
    expect(first.created).toHaveLength(plan.bundle.entry!.length);
    expect(first.message).toMatch(/^Saved to the chart: 9 new results signed and saved/);
    const second = await commitPlan(ehr.transport, plan.bundle);
    expect(second).toMatchObject({ ok: true, created: [] });
    expect(second.existing).toHaveLength(plan.bundle.entry!.length);
    expect(ehr.store.size).toBe(plan.bundle.entry!.length);
  });

  it('never says saved when the EHR refuses an entry inside a 200 answer, and takes back what it wrote', async () => {
    const ehr = new FakeEhr({ batchTransactions: true, refuseCreate: ['Provenance'] });
    const report = await commitPlan(ehr.transport, plan.bundle);
    expect(report.ok).toBe(false);
    expect(report.refused).toEqual([
      expect.objectContaining({
        resourceType: 'Provenance',
        status: 403,
        text: 'no scope allowing create on Provenance',
      }),
    ]);
    expect(report.message).toMatch(/^Nothing was saved to the chart: the EHR refused 1 entry \(Provenance: no scope/);
    expect(report.message).toMatch(/applied the other entries one by one/);
    expect(report.undone.length).toBe(plan.bundle.entry!.length - 1);
    expect(ehr.store.size).toBe(0);
  });

  it('withdraws (entered-in-error) what it cannot delete, and names what it can do neither for', async () => {
    const ehr = new FakeEhr({ batchTransactions: true, refuseCreate: ['Provenance'], refuseDelete: true });
    const report = await commitPlan(ehr.transport, plan.bundle);
    expect(report.ok).toBe(false);
    expect(results(ehr)).toEqual([]);
    // Devices have a status too; nothing is left standing as a result.
    expect(report.left).toEqual([]);

    const stuck = new FakeEhr({
      batchTransactions: true,
      refuseCreate: ['Provenance'],
      refuseDelete: true,
      refuseUpdate: true,
    });
    const bad = await commitPlan(stuck.transport, plan.bundle);
    expect(bad.left.length).toBe(plan.bundle.entry!.length - 1);
    expect(bad.message).toMatch(/^The save is incomplete: .* could not be taken back and are in the chart now/);
  });

  it('writes again on retry what an earlier failed commit could only withdraw, never calling withdrawn copies saved', async () => {
    const ehr = new FakeEhr({ batchTransactions: true, refuseCreate: ['Provenance'], refuseDelete: true });
    expect((await commitPlan(ehr.transport, plan.bundle)).ok).toBe(false);
    expect(results(ehr)).toEqual([]);
    ehr.options.refuseCreate = [];
    const retry = await commitPlan(ehr.transport, plan.bundle);
    expect(retry.ok).toBe(true);
    expect(retry.created).toHaveLength(plan.bundle.entry!.length);
    const observations = plan.bundle.entry!.filter((e) => e.resource?.resourceType === 'Observation').length;
    expect(results(ehr)).toHaveLength(observations);
  });

  it('writes nothing when an atomic EHR refuses the transaction', async () => {
    const ehr = new FakeEhr({ refuseCreate: ['Provenance'] });
    const report = await commitPlan(ehr.transport, plan.bundle);
    expect(report).toMatchObject({ ok: false, undone: [], left: [] });
    expect(report.refused).toHaveLength(plan.bundle.entry!.length);
    expect(ehr.store.size).toBe(0);
    expect(report.message).toMatch(/ask your EHR administrator/);
  });

  it('sends parts of 8 when the EHR refuses a large transaction of conditional creates', async () => {
    const ehr = new FakeEhr({ maxConditional: 8 });
    const report = await commitPlan(ehr.transport, plan.bundle);
    expect(report.ok).toBe(true);
    expect(ehr.store.size).toBe(plan.bundle.entry!.length);
    const posts = ehr.calls.filter((c) => c.method === 'POST' && (c.body as { type?: string }).type === 'transaction');
    const n = plan.bundle.entry!.length;
    expect(posts.map((c) => (c.body as { entry: unknown[] }).entry.length)).toEqual([n, 8, n - 8]);
    // References across parts point at the ids the earlier parts got.
    const provenance = ehr.ofType('Provenance')[0] as { target: { reference: string }[] };
    expect(provenance.target.every((t) => ehr.store.has(t.reference))).toBe(true);
  });

  it('checks the chart after an unanswered write and says exactly what is there', async () => {
    const ehr = new FakeEhr({ loseAnswerOf: 1 });
    const report = await commitPlan(ehr.transport, plan.bundle);
    expect(report.ok).toBe(true);
    expect(report.message).toMatch(/^Saved to the chart: the EHR did not answer .*, but a check afterwards found all/);
    expect(ehr.calls.filter((c) => (c.body as { type?: string } | undefined)?.type === 'transaction')).toHaveLength(1);
  });

  it('signs results written earlier as preliminary instead of writing them again', async () => {
    const ehr = new FakeEhr();
    const unsigned = buildPlan({ workup });
    expect((await commitPlan(ehr.transport, unsigned.bundle)).ok).toBe(true);
    const signed = await commitPlan(ehr.transport, plan.bundle);
    expect(signed.ok).toBe(true);
    const resultCount = plan.bundle.entry!.filter(
      (e) => !['Device', 'Provenance'].includes(e.resource!.resourceType)
    ).length;
    expect(signed.signedOff.length).toBe(resultCount);
    expect(results(ehr).every((o) => (o as Observation).status === 'final')).toBe(true);
    expect(ehr.ofType('Provenance')).toHaveLength(2);
  });
});

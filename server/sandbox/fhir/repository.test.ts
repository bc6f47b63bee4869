// The store's transactions: a failure undoes exactly what the transaction wrote (nested ones included), and the
// cost of a write does not grow with the size of the store.
import { parseSearchRequest } from '@medplum/core';
import type { Observation, Patient } from '@medplum/fhirtypes';
import { beforeEach, describe, expect, it } from 'vitest';
import { SandboxRepository } from './repository';

let repo: SandboxRepository;

const patient = (id: string, family = id): Patient => ({ resourceType: 'Patient', id, name: [{ family }] });

beforeEach(async () => {
  repo = new SandboxRepository();
  await repo.updateResource(patient('keep', 'Original'));
  await repo.updateResource(patient('gone'));
});

describe('SandboxRepository transactions', () => {
  it('rolls back creates, updates and deletes of a failed transaction, and only those keys', async () => {
    for (let i = 0; i < 3000; i++) await repo.updateResource(patient(`bulk-${i}`));
    const failing = repo.withTransaction(async () => {
      await repo.createResource(patient('new-1'));
      await repo.updateResource(patient('keep', 'Changed'));
      await repo.updateResource(patient('keep', 'Changed again'));
      await repo.deleteResource('Patient', 'gone');
      throw new Error('entry 4 failed');
    });
    await expect(failing).rejects.toThrow('entry 4 failed');
    expect([...repo.lastRollback].sort()).toEqual(['Patient/gone', 'Patient/keep', 'Patient/new-1']);
    await expect(repo.readResource('Patient', 'new-1')).rejects.toThrow();
    expect((await repo.readResource<Patient>('Patient', 'keep')).name?.[0]?.family).toBe('Original');
    expect((await repo.readResource('Patient', 'gone')).id).toBe('gone');
    expect((await repo.readHistory('Patient', 'keep')).entry).toHaveLength(1);
    expect(await repo.searchResources(parseSearchRequest('Patient', { _count: '5000' }))).toHaveLength(3002);
  });

  it('keeps what a successful transaction wrote', async () => {
    await repo.withTransaction(async () => {
      await repo.updateResource(patient('keep', 'Committed'));
      await repo.deleteResource('Patient', 'gone');
    });
    expect((await repo.readResource<Patient>('Patient', 'keep')).name?.[0]?.family).toBe('Committed');
    await expect(repo.readResource('Patient', 'gone')).rejects.toThrow();
  });

  it('undoes only an inner transaction when the outer one goes on', async () => {
    await repo.withTransaction(async () => {
      await repo.updateResource(patient('keep', 'Outer'));
      await repo
        .withTransaction(async () => {
          await repo.createResource(patient('inner'));
          throw new Error('inner failed');
        })
        .catch(() => undefined);
      expect(repo.lastRollback).toEqual(['Patient/inner']);
    });
    expect((await repo.readResource<Patient>('Patient', 'keep')).name?.[0]?.family).toBe('Outer');
    await expect(repo.readResource('Patient', 'inner')).rejects.toThrow();
  });

  it('rolls a 2,000-write transaction back entry by entry, leaving the rest of the store untouched', async () => {
    const before = await repo.searchResources(parseSearchRequest('Patient', { _count: '10' }));
    const failing = repo.withTransaction(async () => {
      for (let i = 0; i < 2000; i++) {
        const obs: Observation = { resourceType: 'Observation', status: 'final', code: { text: `n${i}` } };
        await repo.createResource(obs);
      }
      throw new Error('last entry failed');
    });
    await expect(failing).rejects.toThrow();
    expect(repo.lastRollback).toHaveLength(2000);
    expect(repo.lastRollback.every((key) => key.startsWith('Observation/'))).toBe(true);
    expect(await repo.searchResources(parseSearchRequest('Observation', {}))).toHaveLength(0);
    expect(await repo.searchResources(parseSearchRequest('Patient', { _count: '10' }))).toEqual(before);
  });

  it('returns history newest first on every call (the base class reversed it in place)', async () => {
    await repo.updateResource(patient('keep', 'Second'));
    const first = await repo.readHistory<Patient>('Patient', 'keep');
    const second = await repo.readHistory<Patient>('Patient', 'keep');
    expect(first.entry?.map((e) => e.resource?.name?.[0]?.family)).toEqual(['Second', 'Original']);
    expect(second.entry?.map((e) => e.resource?.name?.[0]?.family)).toEqual(['Second', 'Original']);
  });

  it('gives created resources random UUIDs', async () => {
    const a = await repo.createResource(patient(''));
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

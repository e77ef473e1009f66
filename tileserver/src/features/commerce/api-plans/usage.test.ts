// The usage arithmetic against hand-computed cases: overage at $0.10 ($0.15 premium) per record and
// $0.001 per tile past the included 2,000 records and 200,000 tiles, and what is left before the
// sandbox's hard limits or a usage cap.
import { describe, expect, it } from 'vitest';
import { apiPlan } from '../plans/api-plans.ts';
import { overageCents, overHardLimit, recordsLeft, tilesLeft } from './usage.ts';

const standard = apiPlan('api_standard');
const premium = apiPlan('api_premium');
const sandbox = apiPlan('api_sandbox');

describe('API usage arithmetic', () => {
  it('charges no overage within the included records and tiles', () => {
    expect(overageCents(standard, { records: 2000, tiles: 200_000 })).toBe(0);
  });

  it('charges 10 cents a record on Standard, 15 on Premium, and 1 cent per 10 tiles past what is included', () => {
    expect(overageCents(standard, { records: 2010, tiles: 200_000 })).toBe(100);
    expect(overageCents(premium, { records: 2010, tiles: 200_000 })).toBe(150);
    expect(overageCents(standard, { records: 0, tiles: 201_000 })).toBe(100);
    expect(overageCents(standard, { records: 0, tiles: 200_019 })).toBe(1); // part of a cent is not billed
  });

  it('stops the sandbox at 2,000 records or 10,000 tiles and never bills it', () => {
    expect(overHardLimit(sandbox, { records: 1999, tiles: 9999 })).toBeNull();
    expect(overHardLimit(sandbox, { records: 0, tiles: 10_000 })).toBe('tiles');
    expect(overHardLimit(sandbox, { records: 2000, tiles: 0 })).toBe('records');
    expect(recordsLeft(sandbox, { records: 1500, tiles: 0 }, null)).toBe(500);
    expect(tilesLeft(sandbox, { records: 0, tiles: 9000 }, null)).toBe(1000);
    expect(overageCents(sandbox, { records: 5000, tiles: 50_000 })).toBe(0);
  });

  it('leaves the included amount plus what the cap still pays for', () => {
    expect(recordsLeft(standard, { records: 1000, tiles: 0 }, null)).toBe(Infinity);
    expect(recordsLeft(standard, { records: 1000, tiles: 0 }, 500)).toBe(1000 + 50);
    expect(recordsLeft(standard, { records: 2050, tiles: 0 }, 500)).toBe(0);
    expect(tilesLeft(standard, { records: 2000, tiles: 150_000 }, 100)).toBe(50_000 + 1_000); // $1.00 of cap buys 1,000 tiles
  });
});

import { describe, expect, it } from 'vitest';
import { parseMapping, progressShare, summaryLine } from './imports-api.ts';

describe('the admin imports page helpers', () => {
  it('reads progress by rows while reading and by phase afterwards', () => {
    expect(progressShare({ status: 'queued', progress: {} })).toBe(0);
    expect(progressShare({ status: 'running', progress: { phase: 'reading', rows: 50, total: 100 } })).toBeCloseTo(0.3);
    expect(progressShare({ status: 'running', progress: { phase: 'loading', rows: 100, total: 100 } })).toBe(0.75);
    expect(progressShare({ status: 'done', progress: { phase: 'done' } })).toBe(1);
  });

  it('writes the summary line as the command prints it', () => {
    expect(summaryLine({ read: 10, loaded: 6, repaired: 1, skipped: 4, details: { null_geometry: 1, duplicate: 3 } }))
      .toBe('read 10, loaded 6, repaired 1, skipped 4 (null_geometry 1, duplicate 3)');
  });

  it('takes an empty mapping as "propose one" and rejects what is not a JSON object', () => {
    expect(parseMapping('  ')).toEqual({});
    expect(parseMapping('{"parcelnumb": "APN"}')).toEqual({ mapping: { parcelnumb: 'APN' } });
    expect(parseMapping('[1]').error).toMatch(/JSON object/);
    expect(parseMapping('{oops').error).toMatch(/not valid JSON/);
  });
});

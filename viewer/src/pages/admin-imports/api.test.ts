import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  anyActive,
  fileLabel,
  matchLine,
  outsideLine,
  placeSuggestions,
  uploadLabel,
  parseMapping,
  progressShare,
  summaryLine,
  type ExportRun,
  type ImportRun,
} from './api.ts';

describe('the admin imports page helpers', () => {
  it('reads progress by rows while reading and by phase afterwards', () => {
    expect(progressShare({ status: 'queued', progress: {} })).toBe(0);
    expect(progressShare({ status: 'running', progress: { phase: 'reading', rows: 50, total: 100 } })).toBeCloseTo(0.3);
    expect(progressShare({ status: 'running', progress: { phase: 'loading', rows: 100, total: 100 } })).toBe(0.75);
    expect(progressShare({ status: 'done', progress: { phase: 'done' } })).toBe(1);
  });

  it('writes the summary line as the command prints it', () => {
    expect(
      summaryLine({ read: 10, loaded: 6, repaired: 1, skipped: 4, details: { null_geometry: 1, duplicate: 3 } }),
    ).toBe('read 10, loaded 6, repaired 1, skipped 4 (null_geometry 1, duplicate 3)');
  });

  it('names an upload without its prefix and marks a command-line run with the path it read', () => {
    expect(fileLabel({ file: '0123456789abcdef-somerville.zip', started_from: 'admin' })).toBe('somerville.zip');
    expect(fileLabel({ file: '/data/county/parcels.gpkg', started_from: 'command_line' })).toBe(
      '/data/county/parcels.gpkg · started from the command line',
    );
  });

  it('takes an empty mapping as "propose one" and rejects what is not a JSON object', () => {
    expect(parseMapping('  ')).toEqual({});
    expect(parseMapping('{"parcelnumb": "APN"}')).toEqual({ mapping: { parcelnumb: 'APN' } });
    expect(parseMapping('[1]').error).toMatch(/JSON object/);
    expect(parseMapping('{oops').error).toMatch(/not valid JSON/);
  });

  it('keeps polling while an import is queued or running or an export is in progress', () => {
    const run = (status: ImportRun['status']) => ({ status }) as ImportRun;
    const file = (status: ExportRun['status']) => ({ status }) as ExportRun;
    expect(anyActive({ imports: [run('done'), run('failed')], exports: [file(2), file(3), file(4)] })).toBe(false);
    expect(anyActive({ imports: [run('queued')], exports: [] })).toBe(true);
    expect(anyActive({ imports: [run('running')], exports: [] })).toBe(true);
    expect(anyActive({ imports: [], exports: [file(1)] })).toBe(true);
  });

  it('shows an upload by the name the admin gave it', () => {
    expect(uploadLabel('58cd432f6c4a4429-county.geojson')).toBe('county.geojson');
    expect(uploadLabel('parcels.zip')).toBe('parcels.zip');
  });

  it("27.3: an unknown place's 400 gives the closest real places to offer, and any other error none", () => {
    const suggestions = [{ path: '/us/va/williamsburg-city', headline: 'Williamsburg city, VA' }];
    const unknown = new ApiError(
      400,
      'BAD_REQUEST',
      'there is no place /us/va/williamsburg: did you mean /us/va/williamsburg-city (Williamsburg city, VA)?',
      'r1',
      { suggestions },
    );
    expect(placeSuggestions(unknown)).toEqual(suggestions);
    expect(placeSuggestions(new ApiError(400, 'BAD_REQUEST', 'bad', 'r2', { suggestions: [{ path: 1 }] }))).toEqual([]);
    expect(placeSuggestions(new ApiError(409, 'CONFLICT', 'busy', 'r3', { import: 4 }))).toEqual([]);
    expect(placeSuggestions(new Error('network'))).toEqual([]);
  });

  it('27.3 and 27.4: shows the parcels kept outside the place and each proposed match with its confidence and reason', () => {
    expect(
      outsideLine({ place: '/us/va/williamsburg-city', kept: 612, maxMeters: 287.4, refused: 4, limitMeters: 2000 }),
    ).toBe(
      '612 parcels outside /us/va/williamsburg-city kept (at most 287 m from its boundary), 4 refused as more than 2,000 m away',
    );
    expect(
      matchLine({
        field: 'usedesc',
        columns: ['LandUseCategory'],
        confidence: 0.75,
        reason: 'the name LandUseCategory says land use',
      }),
    ).toBe('LandUseCategory → usedesc (75%): the name LandUseCategory says land use');
  });
});

import { describe, expect, it } from 'vitest';
import type { FocusArea } from '../../state/project.ts';
import {
  attachable,
  attachedAreas,
  boundsOf,
  canSave,
  invalidDataText,
  isTooLarge,
  nameReady,
  readFocusAreaList,
  saveErrorText,
  shapeOf,
  squareMetersPerSquareMile,
} from './focus-areas.ts';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-71.1, 42.3],
      [-71.0, 42.3],
      [-71.0, 42.4],
      [-71.1, 42.4],
      [-71.1, 42.3],
    ],
  ],
};
const area = (id: number, headline: string): FocusArea => ({
  id,
  name: headline,
  description: '',
  headline,
  acres: 10,
  geometry: square,
});
const editable = { permissions: { update: true } };
const form = { name: 'Harbor', squareMeters: 1_000_000, points: 4, saving: false, project: editable };

describe('the focus areas a project can add', () => {
  it('leaves out those already attached and sorts the rest by headline, ignoring case', () => {
    const all = [
      area(1, 'banks (3.0 acres)'),
      area(2, 'Alpha (1.0 acres)'),
      area(3, 'Central (2.0 acres)'),
      area(4, 'apple (5.0 acres)'),
    ];
    expect(attachable(all, [{ id: 3 }]).map((f) => f.headline)).toEqual([
      'Alpha (1.0 acres)',
      'apple (5.0 acres)',
      'banks (3.0 acres)',
    ]);
  });

  it('offers nothing when every area is attached, and every area to a project without any', () => {
    const all = [area(1, 'a'), area(2, 'b')];
    expect(attachable(all, all)).toEqual([]);
    expect(attachable(all, []).map((f) => f.id)).toEqual([1, 2]);
  });

  it('reads the attached areas from every folder of the project', () => {
    const regions = [
      { folder: '', focus_areas: [area(1, 'a')] },
      { folder: 'North', focus_areas: [area(2, 'b')] },
    ];
    expect(attachedAreas({ regions }).map((f) => [f.id, f.folder])).toEqual([
      [1, ''],
      [2, 'North'],
    ]);
    expect(attachedAreas(null)).toEqual([]);
  });
});

describe('the focus-area form', () => {
  it('keeps Save disabled until the name is longer than 2 characters', () => {
    expect(nameReady('ab')).toBe(false);
    expect(nameReady('  ab  ')).toBe(false);
    expect(nameReady('abc')).toBe(true);
    expect(canSave({ ...form, name: 'ab' })).toBe(false);
    expect(canSave(form)).toBe(true);
  });

  it('refuses an area of 80 square miles or more', () => {
    expect(isTooLarge(79.99 * squareMetersPerSquareMile)).toBe(false);
    expect(isTooLarge(80 * squareMetersPerSquareMile)).toBe(true);
    expect(canSave({ ...form, squareMeters: 80 * squareMetersPerSquareMile })).toBe(false);
  });

  it('is blocked while saving, without a project, in a read-only project and without a polygon', () => {
    expect(canSave({ ...form, saving: true })).toBe(false);
    expect(canSave({ ...form, project: null })).toBe(false);
    expect(canSave({ ...form, project: { permissions: { update: false } } })).toBe(false);
    expect(canSave({ ...form, points: 2 })).toBe(false);
  });

  it('closes the drawn ring for the server', () => {
    expect(
      shapeOf([
        [0, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
  });

  it('shows the server’s own reason for a refused save, else the status', () => {
    expect(
      saveErrorText({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'The shape is not a valid polygon: Self-intersection[-71.1 42.3]',
      }),
    ).toBe('The shape is not a valid polygon: Self-intersection[-71.1 42.3]');
    expect(
      saveErrorText({
        status: 403,
        code: 'FORBIDDEN',
        message: 'Your plan includes 5 focus areas. Upgrade to Team for unlimited focus areas.',
      }),
    ).toMatch(/5 focus areas/);
    expect(saveErrorText({ status: 502, code: 'HTTP_ERROR', message: '502 Bad Gateway' })).toBe(
      'Server responded with 502',
    );
    expect(saveErrorText(new TypeError('Failed to fetch'))).toMatch(/could not be saved/);
  });
});

describe('fetching the group’s focus areas', () => {
  it('succeeds with a list of focus areas', () => {
    expect(readFocusAreaList(200, { focus_areas: [area(1, 'a')] })).toEqual({ status: 'done', value: [area(1, 'a')] });
    expect(readFocusAreaList(200, { status: 'ok', neighborhoods: [] })).toEqual({ status: 'done', value: [] });
  });

  it('fails with "Server responded with {status}" on an error status', () => {
    expect(readFocusAreaList(500, null)).toEqual({ status: 'failed', message: 'Server responded with 500' });
    expect(readFocusAreaList(401, { error: {} })).toEqual({ status: 'failed', message: 'Server responded with 401' });
  });

  it('fails with "Invalid data structure from server" on an unexpected body', () => {
    for (const body of [null, {}, { focus_areas: 'x' }, { focus_areas: [{ id: 'one' }] }]) {
      expect(readFocusAreaList(200, body)).toEqual({ status: 'failed', message: invalidDataText });
    }
  });
});

it('finds the bounds of a focus area for zooming to it', () => {
  expect(boundsOf(square)).toEqual([-71.1, 42.3, -71.0, 42.4]);
  expect(
    boundsOf({
      type: 'MultiPolygon',
      coordinates: [
        square.coordinates,
        [
          [
            [-70, 41],
            [-69, 41],
            [-69, 43],
            [-70, 41],
          ],
        ],
      ],
    }),
  ).toEqual([-71.1, 41, -69, 43]);
});

import { describe, expect, it } from 'vitest';
import type { Bookmark, FollowsPage } from '@parcel-map/contracts/workspace/follows';
import { emptyList, mergePage, nearEnd, withoutFollow } from './follows-list.ts';

const bookmark = (id: number): Bookmark => ({
  id,
  address: `${id} Main St`,
  path: `/us/ma/x/${id}`,
  target_path: `/us/ma/x/${id}`,
  centroid: [-71, 42],
  source_id: 'parcels',
  created_at: '',
});
const page = (n: number, ids: number[], places: number[] = []): FollowsPage => ({
  follows: {
    parcels: [{ source_id: 'parcels', name: 'Parcels', bookmarks: ids.map(bookmark) }],
    places: places.map((id) => ({
      id,
      place: { properties: { path: `/us/p${id}`, headline: `Place ${id}` } },
      created_at: '',
    })),
  },
  page: n,
  total_pages: 2,
  total_count: 5,
  limit: 100,
});

describe('the follows list', () => {
  it('merges pages without duplicates, keeping datasets and places apart', () => {
    const list = mergePage(mergePage(emptyList, page(1, [5, 4], [9])), page(2, [4, 3], [9, 8]));
    expect(list.sources).toHaveLength(1);
    expect(list.sources[0]!.bookmarks.map((b) => b.id)).toEqual([5, 4, 3]);
    expect(list.places.map((p) => p.id)).toEqual([9, 8]);
    expect(list).toMatchObject({ page: 2, total_pages: 2, total_count: 5 });
  });

  it('lowers the total when one is removed and drops an emptied dataset', () => {
    const list = withoutFollow(mergePage(emptyList, page(1, [5], [9])), 5);
    expect(list.sources).toEqual([]);
    expect(list.places.map((p) => p.id)).toEqual([9]);
    expect(list.total_count).toBe(4);
  });

  it('asks for the next page within 200 px of the end', () => {
    expect(nearEnd({ scrollTop: 600, scrollHeight: 1600, clientHeight: 800 })).toBe(true);
    expect(nearEnd({ scrollTop: 599, scrollHeight: 1600, clientHeight: 800 })).toBe(false);
  });
});

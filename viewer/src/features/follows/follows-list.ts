// The follows list of /notify/follows: pages merged without duplicates (map.md section 5, states), and
// the scroll rule that asks for the next page within 200 px of the end.
import type { Bookmark, FollowedPlace, FollowsPage } from '@parcel-map/contracts/workspace/follows';

export const loadMoreWithinPx = 200;

export interface FollowsList {
  places: FollowedPlace[];
  /** Bookmarks per dataset, in the order the datasets first appeared. */
  sources: { source_id: string; name: string; bookmarks: Bookmark[] }[];
  page: number;
  total_pages: number;
  total_count: number;
}

export const emptyList: FollowsList = { places: [], sources: [], page: 0, total_pages: 1, total_count: 0 };

export function mergePage(list: FollowsList, answer: FollowsPage): FollowsList {
  const placeIds = new Set(list.places.map((p) => p.id));
  const sources = list.sources.map((s) => ({ ...s, bookmarks: [...s.bookmarks] }));
  for (const source of answer.follows.parcels) {
    let into = sources.find((s) => s.source_id === source.source_id);
    if (!into) sources.push((into = { source_id: source.source_id, name: source.name, bookmarks: [] }));
    const ids = new Set(into.bookmarks.map((b) => b.id));
    into.bookmarks.push(...source.bookmarks.filter((b) => !ids.has(b.id)));
  }
  return {
    places: [...list.places, ...answer.follows.places.filter((p) => !placeIds.has(p.id))],
    sources,
    page: Math.max(list.page, answer.page),
    total_pages: answer.total_pages,
    total_count: answer.total_count,
  };
}

/** Removing one lowers the total; the pages already loaded keep the rest. */
export function withoutFollow(list: FollowsList, id: number): FollowsList {
  return {
    ...list,
    places: list.places.filter((p) => p.id !== id),
    sources: list.sources
      .map((s) => ({ ...s, bookmarks: s.bookmarks.filter((b) => b.id !== id) }))
      .filter((s) => s.bookmarks.length > 0),
    total_count: Math.max(0, list.total_count - 1),
  };
}

export function nearEnd(el: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= loadMoreWithinPx;
}

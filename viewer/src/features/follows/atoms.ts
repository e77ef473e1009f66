// The signed-in user's follows (followed places and bookmarked parcels) as one slim list: the Actions >
// Follow menus read whether a path is followed, the map clusters the bookmarks. Shared state, so it
// lives here; reloaded when the session changes and after every follow or unfollow.
import { atom } from 'jotai';
import type { FollowResult, SlimFollow, SlimFollows } from '@parcel-map/contracts/workspace/follows';
import { getJson, sendJson } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';

export type { SlimFollow };

export const followsAtom = atom<SlimFollow[]>([]);

export async function loadFollows(): Promise<void> {
  if (!store.get(sessionAtom).user) {
    store.set(followsAtom, []);
    return;
  }
  try {
    store.set(followsAtom, (await getJson<SlimFollows>('/profile/follows/slim.json')).follows);
  } catch (error) {
    console.warn(`follows: ${(error as Error).message}`);
  }
}

/** Bookmarks a parcel or follows a place; the server answers 409 past the plan's follows. */
export async function follow(kind: 'parcel' | 'place', path: string): Promise<void> {
  const answer = await sendJson<FollowResult>(
    'POST',
    kind === 'parcel' ? `${path}/bookmark.json` : `${path}/follow.json`,
    {},
  );
  if (answer.follow) store.set(followsAtom, (list) => [answer.follow!, ...list.filter((f) => f.path !== path)]);
}

export async function unfollow(id: number): Promise<void> {
  await sendJson('DELETE', `/notify/follows/${id}.json`);
  store.set(followsAtom, (list) => list.filter((f) => f.id !== id));
}

let watching = false;
/** Loads the follows now and whenever the signed-in user changes. */
export function watchFollows(): void {
  if (watching) return;
  watching = true;
  let user = store.get(sessionAtom).user?.id;
  void loadFollows();
  store.sub(sessionAtom, () => {
    const next = store.get(sessionAtom).user?.id;
    if (next === user) return;
    user = next;
    void loadFollows();
  });
}

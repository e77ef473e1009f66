// "Actions > Follow" of the parcel pane (bookmarks the parcel) and the place header (follows the place).
// Anonymous visitors are offered sign-in; the plan's limit comes back from the server as its message.
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { accountTabUrl } from '../../state/account-tab.ts';
import { follow, followsAtom, unfollow } from './atoms.ts';
import { signedInAtom } from '../../state/session.ts';
import './follows.css';

export const followTexts = {
  parcel: { followed: 'Bookmarked.', removed: 'Bookmark removed.', removeFailed: 'Bookmark could not be removed.' },
  place: { followed: 'Following.', removed: 'Unfollowed.', removeFailed: 'Could not unfollow.' },
} as const;

export function FollowAction({ kind, path }: { kind: 'parcel' | 'place'; path: string }) {
  const signedIn = useAtomValue(signedInAtom);
  const followed = useAtomValue(followsAtom).find((f) => f.path === path);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => setMessage(null), [path]);
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const toggle = async () => {
    setOpen(false);
    if (!signedIn) {
      location.href = accountTabUrl({ mode: 'sign_in', redirect: location.pathname + location.search });
      return;
    }
    setBusy(true);
    const texts = followTexts[kind];
    try {
      if (followed) await unfollow(followed.id);
      else await follow(kind, path);
      setMessage({ text: followed ? texts.removed : texts.followed, error: false });
    } catch (error) {
      setMessage({ text: followed ? texts.removeFailed : (error as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="follow-actions" ref={root} data-testid={`${kind}-actions`}>
      <button
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={busy}
        onClick={() => setOpen(!open)}
      >
        Actions ▾
      </button>
      {open && (
        <div role="menu" className="follow-actions-menu">
          <button type="button" role="menuitem" data-testid={`${kind}-follow`} onClick={() => void toggle()}>
            {followed ? (kind === 'parcel' ? 'Remove bookmark' : 'Unfollow') : 'Follow'}
          </button>
        </div>
      )}
      {message && (
        <span
          role="status"
          className={message.error ? 'error small' : 'muted small'}
          data-testid={`${kind}-follow-message`}
        >
          {message.text}
        </span>
      )}
    </div>
  );
}

// "Follow dataset": follows a stored source (source:<id>) or a catalogue layer (layer:<id>) from where
// it appears (the style panel's applied source, a layers panel entry), or unfollows it again. Anonymous
// visitors are offered sign-in; the plan's follows limit comes back from the server as its message.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { accountTabUrl } from '../../state/account-tab.ts';
import { followedDatasetsAtom } from '../../state/datasets.ts';
import { signedInAtom } from '../../state/session.ts';
import { followDataset, unfollowDataset, watchDatasets } from './datasets.ts';
import './follows.css';

export function FollowDatasetButton({ dataset, name }: { dataset: string; name?: string }) {
  const signedIn = useAtomValue(signedInAtom);
  const followed = useAtomValue(followedDatasetsAtom).find((d) => d.dataset === dataset);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => watchDatasets(), []);
  useEffect(() => setMessage(null), [dataset]);

  const toggle = async () => {
    if (!signedIn) {
      location.href = accountTabUrl({ mode: 'sign_in', redirect: location.pathname + location.search });
      return;
    }
    setBusy(true);
    try {
      if (followed) await unfollowDataset(followed.id);
      else await followDataset(dataset);
      setMessage({ text: followed ? 'Unfollowed.' : 'Following.', error: false });
    } catch (error) {
      setMessage({ text: followed ? 'Could not unfollow.' : (error as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="follow-actions" data-testid="follow-dataset">
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-label={`${followed ? 'Unfollow' : 'Follow'} dataset${name ? ` ${name}` : ''}`}
        onClick={() => void toggle()}
      >
        {followed ? 'Unfollow dataset' : 'Follow dataset'}
      </button>
      {message && (
        <span
          role="status"
          className={message.error ? 'error small' : 'muted small'}
          data-testid="follow-dataset-message"
        >
          {message.text}
        </span>
      )}
    </span>
  );
}

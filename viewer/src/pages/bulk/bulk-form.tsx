// The bulk licence enquiry form: checked in the browser with the server's own schema (the same
// messages), then stored and mailed to the team by POST /bulk/requests.
import { useState, type FormEvent } from 'react';
import { bulkRequestBody, bulkScopeLabels, bulkScopes, type BulkScope } from '@parcel-map/contracts/commerce/bulk';
import { ApiError, sendJson } from '../../api/client.ts';

export function BulkForm({ states }: { states: { code: string; name: string }[] }) {
  const [scope, setScope] = useState<BulkScope>('multi_state');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const body = {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      organization: String(data.get('organization') ?? ''),
      scope,
      states: scope === 'nationwide' ? [] : chosen,
      use_case: String(data.get('use_case') ?? ''),
    };
    const checked = bulkRequestBody.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    setBusy(true);
    try {
      setSent((await sendJson<{ message: string }>('POST', '/bulk/requests', body)).message);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : `Could not send the enquiry: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <p role="status" className="follow-message" data-testid="bulk-sent">
        {sent}
      </p>
    );
  return (
    <form className="bulk-form" data-testid="bulk-form" onSubmit={(e) => void submit(e)} noValidate>
      <label>
        Name
        <input name="name" maxLength={200} autoComplete="name" data-testid="bulk-name" />
      </label>
      <label>
        Email
        <input name="email" type="email" maxLength={254} autoComplete="email" data-testid="bulk-email" />
      </label>
      <label>
        Organization
        <input name="organization" maxLength={200} autoComplete="organization" />
      </label>
      <fieldset>
        <legend>Coverage wanted</legend>
        {bulkScopes.map((s) => (
          <label key={s} className="bulk-choice">
            <input
              type="radio"
              name="scope"
              checked={scope === s}
              onChange={() => setScope(s)}
              data-testid={`bulk-scope-${s}`}
            />
            {bulkScopeLabels[s]}
          </label>
        ))}
        {scope !== 'nationwide' && (
          <div className="bulk-states" data-testid="bulk-states">
            {states.map((st) => (
              <label key={st.code}>
                <input
                  type="checkbox"
                  data-testid={`bulk-state-${st.code}`}
                  checked={chosen.includes(st.code)}
                  onChange={(e) =>
                    setChosen(e.target.checked ? [...chosen, st.code] : chosen.filter((c) => c !== st.code))
                  }
                />
                {st.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <label>
        How will you use the data?
        <textarea name="use_case" rows={4} maxLength={4000} />
      </label>
      {error && (
        <p role="alert" className="error" data-testid="bulk-error">
          {error}
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy} data-testid="bulk-submit">
        {busy ? 'Sending…' : 'Send Enquiry'}
      </button>
    </form>
  );
}

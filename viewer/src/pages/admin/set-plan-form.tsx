// The Set plan form of /admin/users: Starter (free), Pro or Team, seats for Team (2 to 25), and an
// optional account name checked by the spec's rules (section 5) as typed and for duplicates on blur.
import { useState, type FormEvent } from 'react';
import { accountNameIsValid, duplicateAccountName, invalidAccountName } from '@parcel-map/contracts/people/groups';
import { getJson, sendJson } from '../../api/client.ts';
import type { AdminUser } from './admin-users-page.tsx';

export interface PlanResult {
  user_id: number;
  group: { name: string; path: string; tier: 'free' | 'pro' | 'team'; seats: number } | null;
}

type Tier = 'free' | 'pro' | 'team';
export const seatRange = { min: 2, max: 25 } as const;

export function SetPlanForm(props: { user: AdminUser; onSaved: (result: PlanResult) => void; onCancel: () => void }) {
  const [tier, setTier] = useState<Tier>((props.user.tier as Tier | null) ?? 'free');
  const [seats, setSeats] = useState(String(seatRange.min));
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const seatCount = Number(seats);
  const seatsValid =
    tier !== 'team' || (Number.isInteger(seatCount) && seatCount >= seatRange.min && seatCount <= seatRange.max);
  const trimmed = name.trim();
  const nameValid = trimmed === '' || accountNameIsValid(trimmed);

  const checkDuplicate = async () => {
    if (!trimmed || !nameValid) return;
    try {
      const found = await getJson<{ name: string }[]>('/search/groups.json', { query: trimmed, exact: 'true' });
      // The user's own account keeps its name: that is no duplicate.
      const taken = found.some((g) => g.name.toLowerCase() !== (props.user.group_name ?? '').toLowerCase());
      setNameError(taken ? duplicateAccountName : null);
    } catch {
      // The server checks again on save; a failed check here only skips the early warning.
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!seatsValid || !nameValid || nameError) return;
    setBusy(true);
    setError(null);
    try {
      const body = {
        tier,
        ...(tier === 'team' ? { seats: seatCount } : {}),
        ...(trimmed ? { group_name: trimmed } : {}),
      };
      props.onSaved(await sendJson<PlanResult>('PUT', `/admin/users/${props.user.id}/plan.json`, body));
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <form className="set-plan-form" data-testid="set-plan-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="plan-choices">
        <legend>Plan</legend>
        {(['free', 'pro', 'team'] as const).map((t) => (
          <label key={t} className="radio">
            <input
              type="radio"
              name={`tier-${props.user.id}`}
              value={t}
              checked={tier === t}
              onChange={() => setTier(t)}
              data-testid={`plan-${t}`}
            />
            <span>{t === 'free' ? 'Starter (free)' : t === 'pro' ? 'Pro' : 'Team'}</span>
          </label>
        ))}
      </fieldset>
      {tier === 'team' && (
        <label className="field">
          <span>Seats</span>
          <input
            type="number"
            min={seatRange.min}
            max={seatRange.max}
            step={1}
            value={seats}
            data-testid="plan-seats"
            onChange={(e) => setSeats(e.target.value)}
          />
          {!seatsValid && (
            <span className="field-error" role="alert">
              Team plans have {seatRange.min} to {seatRange.max} seats.
            </span>
          )}
        </label>
      )}
      {tier !== 'free' && (
        <label className="field">
          <span>Account name (optional{props.user.group_name ? `; now ${props.user.group_name}` : ''})</span>
          <input
            type="text"
            value={name}
            maxLength={100}
            data-testid="plan-account-name"
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            onBlur={() => void checkDuplicate()}
          />
          {(!nameValid || nameError) && (
            <span className="field-error" role="alert">
              {nameValid ? nameError : invalidAccountName}
            </span>
          )}
        </label>
      )}
      {error && (
        <p className="admin-warning" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button
          type="submit"
          className="button primary"
          data-testid="save-plan"
          disabled={busy || !seatsValid || !nameValid || Boolean(nameError)}
        >
          {busy ? 'Please wait...' : 'Save plan'}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

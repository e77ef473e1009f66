// The daily lookup counter of the parcel pane: the remaining lookups when few are left, and the
// "Property Lookup Daily Limit Reached" banner when a record answers 429, with the way up per level.
import { atom, useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { getJson } from '../../api/client.ts';
import { Tooltip } from '../../ui/tooltip.tsx';
import type { ParcelEntity } from '@parcel-map/contracts/map/parcels';
import { sessionAtom, sessionLoadedAtom } from '../../state/session.ts';
import { countLookup, limitTitle, remainingText, showRemaining, wayUp, type LookupLimits } from './lookup-limits.ts';
import './lookup-limit-banner.css';

const lookupLimitsAtom = atom<LookupLimits | null>(null);
let latestRequest = 0;

/** The server's count, or undefined when a newer request was made meanwhile (its answer wins). */
async function fetchLimits(): Promise<LookupLimits | null | undefined> {
  const request = ++latestRequest;
  let answer: LookupLimits | null;
  try {
    answer = await getJson<LookupLimits>('/users/lookup_limits.json');
  } catch (error) {
    // The spec stores the message; the counter simply stays hidden.
    console.warn(`lookup limits: ${(error as Error).message}`);
    answer = null;
  }
  return request === latestRequest ? answer : undefined;
}

/**
 * Keeps the counter: each record opened counts one lookup at once (the spec's counter), then the
 * server's count replaces it; a 429 carries the limits itself.
 */
export function useLookupCounter(parcel: ParcelEntity | null, limitError: LookupLimits | null): LookupLimits | null {
  const [limits, setLimits] = useAtom(lookupLimitsAtom);
  const session = useAtomValue(sessionAtom);
  const loaded = useAtomValue(sessionLoadedAtom);
  useEffect(() => {
    if (!loaded) return;
    let live = true;
    void fetchLimits().then((answer) => live && answer !== undefined && setLimits(answer));
    return () => void (live = false);
  }, [loaded, session.user?.id, session.level, setLimits]);
  useEffect(() => {
    if (!parcel) return;
    let live = true;
    setLimits((current) => (current ? countLookup(current) : current));
    // undefined: a newer request is on its way; null: the counted value stays.
    void fetchLimits().then((answer) => live && answer && setLimits(answer));
    return () => void (live = false);
  }, [parcel, setLimits]);
  useEffect(() => {
    if (limitError) setLimits(limitError);
  }, [limitError, setLimits]);
  return limits;
}

export function RemainingLookups({ limits }: { limits: LookupLimits | null }) {
  if (!limits || !showRemaining(limits)) return null;
  return (
    <p className="remaining-lookups muted small" data-testid="remaining-lookups">
      {remainingText(limits)}
    </p>
  );
}

export function LookupLimitBanner({ limits }: { limits: LookupLimits }) {
  const group = useAtomValue(sessionAtom).group;
  const way = wayUp(limits.need, group?.path ?? null);
  return (
    <section className="lookup-limit" role="alert" data-testid="lookup-limit-banner">
      <h3>
        {limitTitle}{' '}
        <Tooltip content={way?.tooltip} testId="lookup-limit-info">
          <span className="lookup-limit-info" aria-hidden="true">
            i
          </span>
        </Tooltip>
      </h3>
      {way && (
        <p className="lookup-limit-tooltip" data-testid="lookup-limit-tooltip">
          {way.tooltip}
        </p>
      )}
      {typeof limits.total === 'number' && limits.total > 0 && (
        <p className="muted small">
          You have opened {limits.used} of {limits.total} property records today.
        </p>
      )}
      {way && (
        <a className="button primary" href={way.href} data-testid="lookup-limit-way-up">
          {way.label}
        </a>
      )}
    </section>
  );
}

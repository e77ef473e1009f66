// The #upgrade tab: the plans pitch for the caller's level (spec map.md section 6, accounts-billing.md
// lookup counter): anonymous visitors to sign-up, Starter to Pro, Pro to Team (their billing page), Team
// to contact support. The way up is the lookup banner's (features/parcels/lookup-limits.ts), so the two
// never disagree; the plan figures are the plan comparison's.
import { useAtomValue } from 'jotai';
import type { Need } from '@parcel-map/contracts/people/lookup-limits';
import { sessionAtom, type SessionInfo } from '../../state/session.ts';
import { wayUp } from '../parcels/lookup-limits.ts';

interface Pitch {
  need: Need;
  title: string;
  features: string[];
}

const pitches: Record<SessionInfo['level'], Pitch | null> = {
  anonymous: {
    need: 'sign_up',
    title: 'Sign up free to save your work',
    features: ['Follow places and parcels', 'Save your preferences and units', 'More property lookups per day'],
  },
  free: {
    need: 'pro',
    title: 'Upgrade to Pro',
    features: [
      '5 projects, 100 follows and 5 focus areas',
      '5,000 download rows',
      '1,000 property lookups per day',
      'Premium parcel fields, 3D terrain, owner highlight, surveys and exports',
    ],
  },
  pro: {
    need: 'team',
    title: 'Upgrade to Team',
    features: [
      'Unlimited projects, follows and focus areas',
      '2,000 property lookups per day',
      'Multiple seats: invite your team and share projects',
    ],
  },
  team: {
    need: 'support',
    title: 'You are on Team, our largest plan',
    features: ['Contact support for more lookups, seats or data', 'Bulk data licences cover whole states'],
  },
  admin: null,
};

export function UpgradePane() {
  const session = useAtomValue(sessionAtom);
  const pitch = pitches[session.level];
  const way = pitch ? wayUp(pitch.need, session.group?.path ?? null) : null;
  if (!pitch || !way) return <p className="muted">Admins see every feature; there is nothing to upgrade.</p>;
  return (
    <div data-testid="upgrade" data-need={pitch.need}>
      <h3 data-testid="upgrade-title">{pitch.title}</h3>
      <ul className="upgrade-features">
        {pitch.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <a className="button primary" href={way.href} data-testid="upgrade-action">
        {way.label}
      </a>
      <p className="small">
        <a href="/plans">Compare plans</a> · <a href="/bulk">Bulk data licences</a>
      </p>
    </div>
  );
}

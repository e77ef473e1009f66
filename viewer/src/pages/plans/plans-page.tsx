// /plans: the plan cards (Current Plan, Choosing {plan}, Choose {name}), the monthly/annual choice with
// annual savings, `#p=` preselection (#p=level1 is Pro), the plan comparison, checkout for the chosen
// plan, and the FAQ. Choosing Free goes to the map (the home origin). Signed-out visitors sign in or
// register first and come back here.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { cycleFor, planForUsers, type Cycle } from '@parcel-map/contracts/commerce/plan-pricing';
import { formatUsd } from '@parcel-map/contracts/money';
import { accountTabUrl } from '../../state/account-tab.ts';
import { sessionAtom, sessionLoadedAtom } from '../../state/session.ts';
import { PageFrame } from '../../shell/page-frame/page-frame.tsx';
import { CheckoutForm } from './checkout-form.tsx';
import { loadPlans, type PlanEntry, type PlansAnswer } from './api.ts';
import { PlansFaq } from './plans-faq.tsx';
import { ApiPlansSection } from './api-plans-section.tsx';
import './plans.css';

const preselected = () => new URLSearchParams(location.hash.replace(/^#/, '')).get('p');

function buttonText(plan: PlanEntry, current: string | null, chosen: string | null): string {
  if (plan.plan === current) return 'Current Plan';
  if (plan.plan === chosen) return `Choosing ${plan.name}`;
  if (plan.contact_link) return 'Contact Us';
  return plan.purchasable ? `Choose ${plan.name}` : `Start with ${plan.name}`;
}

export function PlansPage() {
  const session = useAtomValue(sessionAtom);
  const loaded = useAtomValue(sessionLoadedAtom);
  const [answer, setAnswer] = useState<PlansAnswer | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(preselected);
  const [cycle, setCycle] = useState<Cycle>('monthly');
  const [users, setUsers] = useState(1);
  useEffect(() => {
    loadPlans()
      .then(setAnswer)
      .catch((error: unknown) => setFailed((error as Error).message));
  }, []);
  const current = session.group
    ? session.group.tier === 'team'
      ? 'team_flex'
      : session.group.tier === 'pro'
        ? 'level1'
        : null
    : session.user
      ? 'level0'
      : null;
  const plans = answer?.plans ?? [];
  const plan = plans.find((p) => p.plan === chosen && p.purchasable && p.plan !== current) ?? null;

  const choose = (entry: PlanEntry) => {
    if (entry.contact_link) return location.assign(entry.contact_link);
    if (!entry.purchasable) return location.assign('/');
    setChosen(entry.plan);
    setUsers(entry.per_seat_pricing ? Math.max(2, entry.users?.min ?? 2) : 1);
    history.replaceState(null, '', `#p=${entry.plan}`);
  };
  // Spec 4: Pro with more than one user switches to Team, Team with one user back to Pro.
  const changeUsers = (next: number) => {
    setUsers(next);
    if (plan) setChosen(planForUsers(plan.plan, next));
  };

  return (
    <PageFrame title="Plans" testId="plans-page">
      {failed && <p className="error">Could not load the plans: {failed}</p>}
      <div className="cycle-toggle" role="radiogroup" aria-label="Billing cycle">
        {(['monthly', 'annual'] as const).map((c) => (
          <label key={c}>
            <input
              type="radio"
              name="cycle"
              data-testid={`cycle-${c}`}
              checked={cycle === c}
              onChange={() => setCycle(c)}
            />{' '}
            {c === 'monthly' ? 'Monthly' : 'Annual'}
          </label>
        ))}
      </div>
      <div className="plan-cards" data-testid="plan-cards">
        {plans.map((p) => {
          const annual = cycleFor(p, cycle) === 'annual' && p.prices.annual !== null;
          return (
            <section
              key={p.plan}
              className={`plan-card ${p.plan === chosen ? 'chosen' : ''}`}
              data-testid={`plan-${p.plan}`}
            >
              <h2>{p.name}</h2>
              <p className="muted small">{p.subtitle}</p>
              <p className="plan-price" data-testid={`price-${p.plan}`}>
                {p.contact_link ? (
                  'Contact us'
                ) : (
                  <>
                    {formatUsd(annual ? p.prices.annual! : p.prices.monthly)}
                    <span className="small">
                      {' '}
                      {annual ? '/ year' : p.per_seat_pricing ? '/ user / month' : '/ month'}
                    </span>
                  </>
                )}
              </p>
              {annual && p.annual_savings > 0 && (
                <p className="plan-savings small" data-testid={`savings-${p.plan}`}>
                  Save {formatUsd(p.annual_savings)} a year
                </p>
              )}
              {cycle === 'annual' && p.per_seat_pricing && (
                <p className="muted small">Team plans are billed monthly.</p>
              )}
              <ul className="plan-included">
                {p.included.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <button
                type="button"
                className={p.purchasable ? 'primary' : ''}
                data-testid={`choose-${p.plan}`}
                disabled={p.plan === current}
                onClick={() => choose(p)}
              >
                {buttonText(p, current, chosen)}
              </button>
            </section>
          );
        })}
      </div>
      {plan && (
        <section className="account-card checkout" data-testid="checkout">
          <h2>Checkout: {plan.name}</h2>
          {!session.user && loaded ? (
            <p data-testid="checkout-sign-in">
              <a href={accountTabUrl({ mode: 'register', redirect: `/plans#p=${plan.plan}` })}>Create an account</a> or{' '}
              <a href={accountTabUrl({ mode: 'sign_in', redirect: `/plans#p=${plan.plan}` })}>sign in</a> to continue.
            </p>
          ) : (
            <CheckoutForm
              plan={plan}
              cycle={cycleFor(plan, cycle)}
              users={users}
              onUsers={changeUsers}
              payment={{ provider: answer!.payment_provider, publishableKey: answer!.publishable_key }}
            />
          )}
        </section>
      )}
      <ApiPlansSection
        payment={answer ? { provider: answer.payment_provider, publishableKey: answer.publishable_key } : null}
      />
      <PlansFaq />
    </PageFrame>
  );
}

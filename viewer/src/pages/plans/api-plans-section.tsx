// The plans page's API part: the API plans comparison table, the Premium Add-On Datasets table and the
// checkout of the chosen self-serve API plan (#p=api_standard preselects). The sandbox goes to its
// sign-up, Enterprise to sales (Get a Demo), and an account already on an API plan, or on Pro or Team
// (which add API access to their plan), to its billing page with the plan as a query parameter.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { ApiPlan } from '@parcel-map/contracts/commerce/api-plans';
import { accountTabUrl } from '../../state/account-tab.ts';
import { sessionAtom, sessionLoadedAtom } from '../../state/session.ts';
import { loadApiPlans, type ApiPlansAnswer } from '../api/api.ts';
import { ApiAddOnsTable } from './api-add-ons-table.tsx';
import { ApiCheckoutForm } from './api-checkout-form.tsx';
import type { PaymentSetup } from './card-entry.tsx';
import { ApiPlansTable } from './api-plans-table.tsx';

const preselected = () => new URLSearchParams(location.hash.replace(/^#/, '')).get('p');

export function ApiPlansSection(props: { payment: PaymentSetup | null }) {
  const session = useAtomValue(sessionAtom);
  const loaded = useAtomValue(sessionLoadedAtom);
  const [answer, setAnswer] = useState<ApiPlansAnswer | null>(null);
  const [chosen, setChosen] = useState<string | null>(preselected);
  useEffect(() => {
    loadApiPlans()
      .then(setAnswer)
      .catch(() => setAnswer(null));
  }, [session.user?.id]);
  if (!answer) return null;
  const current = answer.current_api_plan;
  const plan =
    answer.api_plans.find((p) => p.plan === chosen && p.self_serve && p.card_required && p.plan !== current) ?? null;

  const choose = (entry: ApiPlan) => {
    if (entry.sandbox) return location.assign('/users/sign_up?flow=api_sandbox');
    if (!entry.self_serve) return location.assign(entry.properties.contact_link ?? 'mailto:sales@parcel-map.org');
    if (current && current !== 'api_sandbox' && session.group)
      return location.assign(`${session.group.path}/settings/billing?plan=${entry.plan}`);
    // A Pro or Team account adds API access to its plan on the billing page (api_combo).
    if (session.group && session.group.tier !== 'free')
      return location.assign(`${session.group.path}/settings/billing?plan=${entry.plan}`);
    setChosen(entry.plan);
    history.replaceState(null, '', `#p=${entry.plan}`);
  };

  return (
    <section className="api-tables" data-testid="api-plans">
      <h2>API plans</h2>
      <p className="muted small">
        Parcel records and tiles for your own apps. <a href="/api">About the API</a>
      </p>
      <ApiPlansTable
        plans={answer.api_plans.filter((p) => !p.tiles_only)}
        current={current}
        chosen={plan?.plan ?? null}
        sandboxAvailable={answer.sandbox_available}
        onChoose={choose}
      />
      {plan && (
        <section className="account-card checkout" data-testid="api-checkout">
          <h2>Checkout: API {plan.name}</h2>
          {session.group && session.group.tier !== 'free' ? (
            <p data-testid="api-checkout-combo">
              Your account has the {session.group.tier === 'team' ? 'Team' : 'Pro'} plan:{' '}
              <a href={`${session.group.path}/settings/billing?plan=${plan.plan}`}>
                add API access on the billing page
              </a>
              .
            </p>
          ) : !session.user && loaded ? (
            <p>
              <a href={accountTabUrl({ mode: 'register', redirect: `/plans#p=${plan.plan}` })}>Create an account</a> or{' '}
              <a href={accountTabUrl({ mode: 'sign_in', redirect: `/plans#p=${plan.plan}` })}>sign in</a> to continue.
            </p>
          ) : props.payment ? (
            <ApiCheckoutForm plan={plan} payment={props.payment} />
          ) : null}
        </section>
      )}
      {answer.api_plans
        .filter((p) => p.tiles_only)
        .map((p) => (
          <p key={p.plan} className="small" data-testid={`api-plan-${p.plan}`}>
            <strong>{p.display_name}</strong>: {p.subtitle}. {p.included.join('; ')}.{' '}
            {current === p.plan ? (
              <strong>Current Plan</strong>
            ) : (
              <a href={p.properties.contact_link ?? 'mailto:sales@parcel-map.org'}>{p.prices.text}</a>
            )}
          </p>
        ))}
      <ApiAddOnsTable addOns={answer.api_add_ons} />
    </section>
  );
}

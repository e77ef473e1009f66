// {group path}/settings/billing: the account's plan and what it includes, the subscription (cycle,
// users, price, next renewal), the cards on file and the order history. Members of the account only
// (the server answers 404 to anyone else). Managers change the plan and the cards here.
import { useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import { useRemote, valueOf } from '../../api/use-remote.ts';
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';
import { CardsSection, type CardRow } from './cards-section.tsx';
import { ChangePlanForm } from './change-plan-form.tsx';
import { ApiAccessSection } from './api-access-section.tsx';
import { ApiUsageSection } from './api-usage-section.tsx';
import '../api/api.css';
import '../plans/plans.css';
import { currentPlanName } from './plan-name.ts';

interface Billing {
  group: { name: string; path: string; tier: string };
  plan: { plan: string; name: string; included: string[] } | null;
  is_manager: boolean;
  subscription: {
    id: number;
    card_token: string | null;
    plan: string;
    cycle: string;
    users: number;
    price_cents: number;
    status: string;
    period_end: string;
    cancel_at_period_end: boolean;
    /** API access on a Pro or Team plan (api_combo) and its price per period. */
    api_access: 'api_standard' | 'api_premium' | null;
    api_price_cents: number;
  } | null;
  cards: CardRow[];
  orders: { id: number; kind: string; description: string; amount_cents: number; created_at: string }[];
}

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function BillingPage() {
  const session = useSignedInSession();
  const [revision, setRevision] = useState(0);
  const path = location.pathname.replace(/\/$/, '');
  const [remote] = useRemote<Billing>(session ? `${path}.json` : null, {}, { revision, keepValue: true });
  const billing = valueOf(remote) ?? null;
  const problem = remote.status === 'failed' ? remote.message : null;

  // A live Pro or Team subscription can carry API access (api_combo).
  const sitePlan =
    !!billing?.plan &&
    !!billing.subscription &&
    billing.subscription.status !== 'canceled' &&
    billing.plan.plan !== 'level0';
  return (
    <PageFrame title="Billing" testId="billing-page">
      {problem && (
        <p className="error" data-testid="billing-problem">
          {problem}
        </p>
      )}
      {!billing && !problem && <p className="muted">Loading...</p>}
      {billing && (
        <>
          <section className="account-card" data-testid="billing-plan">
            <h2>{billing.group.name}</h2>
            <p>
              Current plan: <strong data-testid="billing-plan-name">{currentPlanName(billing)}</strong>
            </p>
            {billing.subscription && (
              <p className="small" data-testid="billing-subscription">
                {formatUsd(billing.subscription.price_cents)}
                {billing.subscription.api_price_cents > 0
                  ? ` + ${formatUsd(billing.subscription.api_price_cents)} API access`
                  : ''}{' '}
                {billing.subscription.cycle === 'annual' ? 'a year' : 'a month'}
                {billing.subscription.users > 1 ? ` for ${billing.subscription.users} users` : ''} ·{' '}
                {billing.subscription.cancel_at_period_end ? 'ends' : 'renews'} on{' '}
                {day.format(new Date(billing.subscription.period_end))}
              </p>
            )}
            {billing.plan && (
              <ul className="small">
                {billing.plan.included.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            {billing.is_manager &&
              billing.subscription &&
              billing.subscription.status !== 'canceled' &&
              !billing.subscription.plan.startsWith('api_') && (
                <ChangePlanForm
                  current={{
                    plan: billing.subscription.plan,
                    cycle: billing.subscription.cycle,
                    users: billing.subscription.users,
                  }}
                />
              )}
            <p>
              <a href="/plans">Compare plans</a>
            </p>
          </section>
          {sitePlan && (
            <ApiAccessSection
              current={billing.subscription!.api_access}
              cycle={billing.subscription!.cycle}
              canManage={billing.is_manager}
            />
          )}
          <ApiUsageSection
            canManage={billing.is_manager}
            combo={sitePlan && billing.subscription!.api_access !== null}
          />
          <CardsSection
            cards={billing.cards}
            payingToken={billing.subscription?.card_token ?? null}
            subscriptionId={billing.subscription?.id ?? null}
            canManage={billing.is_manager}
            onChanged={() => setRevision((r) => r + 1)}
          />
          <section className="account-card" data-testid="billing-orders">
            <h2>Orders</h2>
            {billing.orders.length === 0 && <p className="muted">No orders yet.</p>}
            <ul className="follows-rows">
              {billing.orders.map((order) => (
                <li key={order.id} data-testid="billing-order">
                  <span>
                    {day.format(new Date(order.created_at))} · {order.description}
                  </span>
                  <strong>{formatUsd(order.amount_cents)}</strong>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </PageFrame>
  );
}

// The upsell shown in place of a site-control feature: "{features} are available to Pro customers." and
// an Upgrade to Pro link to the plans page with Pro preselected; an anonymous visitor is sent to sign up
// instead (spec map.md §6).
import { upgradeToProHref, upsellText } from './entitlements.ts';
import './upsell.css';

export function Upsell({ features, testId, signUp }: { features: string; testId?: string; signUp?: boolean }) {
  return (
    <p className="upsell small" data-testid={testId}>
      <span>{upsellText(features)}</span>{' '}
      <a href={signUp ? '#signup-signin' : upgradeToProHref} className="upsell-link">
        {signUp ? 'Sign Up' : 'Upgrade to Pro'}
      </a>
    </p>
  );
}

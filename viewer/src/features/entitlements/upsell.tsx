// The upsell shown in place of a site-control feature: "{features} are available to Pro customers." and
// an Upgrade to Pro link to the plans page with Pro preselected.
import { upgradeToProHref, upsellText } from './entitlements.ts';
import './upsell.css';

export function Upsell({ features, testId }: { features: string; testId?: string }) {
  return (
    <p className="upsell small" data-testid={testId}>
      <span>{upsellText(features)}</span>{' '}
      <a href={upgradeToProHref} className="upsell-link">
        Upgrade to Pro
      </a>
    </p>
  );
}

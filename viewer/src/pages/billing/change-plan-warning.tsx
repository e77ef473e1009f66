// The change-plan form's warning (accounts-billing.md section 8): some users or data will exceed the
// new plan's limit, and what goes: members who lose access, projects removed, datasets removed
// (surveys in those projects, focus areas, follows), with which ones a limit takes; API access that
// the new plan drops; and a confirm error. A change to Starter takes effect at the end of the period:
// the warning says that day, and that what is over the limits then is what goes.
import { changeDay, type ChangeEffects } from './change-check.ts';

const datasetKinds = [
  { type: 'survey', one: 'survey', label: 'surveys' },
  { type: 'focus_area', one: 'focus area', label: 'focus areas' },
  { type: 'follow', one: 'follow', label: 'follows' },
] as const;

export function ChangePlanWarning(props: {
  effects: ChangeEffects | null;
  problem: string | null;
  /** When the change applies (ISO); null: at once. */
  effectiveAt?: string | null;
}) {
  const effects = props.effects;
  const when = props.effectiveAt ? changeDay(props.effectiveAt) : null;
  const losing = effects?.users ?? [];
  const maps = effects?.maps ?? [];
  const sources = effects?.sources ?? [];
  const over = losing.length > 0 || maps.length > 0 || sources.length > 0;
  if (!over && !effects?.deprecatedApi && !props.problem) return null;
  return (
    <div className="warning-box small" data-testid="change-plan-warning">
      {over && (
        <p>
          Some users or data will exceed the new plan limit. Past a limit, the projects updated longest ago go (with
          their surveys), and the newest focus areas and follows.
        </p>
      )}
      {over && when && (
        <p data-testid="change-plan-when">
          Removed on {when}, when this period ends and Starter begins: what is over Starter's limits on that day. Until
          then nothing changes.
        </p>
      )}
      {losing.length > 0 && (
        <p data-testid="change-plan-members">Members who lose access: {losing.map((u) => u[0]).join(', ')}</p>
      )}
      {maps.length > 0 && (
        <p data-testid="change-plan-projects">Projects removed: {maps.map((m) => m[1]).join(', ')}</p>
      )}
      {sources.length > 0 && (
        <div data-testid="change-plan-datasets">
          Datasets removed:
          <ul>
            {datasetKinds.map(({ type, one, label }) => {
              const names = sources.filter((s) => s[2] === type).map((s) => s[1]);
              return names.length > 0 ? (
                <li key={type} data-testid={`change-plan-removed-${type}`}>
                  {names.length} {names.length === 1 ? one : label}: {names.join(', ')}
                </li>
              ) : null;
            })}
          </ul>
        </div>
      )}
      {effects?.deprecatedApi && (
        <p data-testid="change-plan-api">
          Your API access is no longer offered on the new plan: it ends {when ? `on ${when}` : 'with this change'},
          which cannot be undone.
        </p>
      )}
      {props.problem && <p className="error">{props.problem}</p>}
    </div>
  );
}

// The Style rules panel (spec 2 and 5): Base Parcel Styles, the Show Legend on Map toggle, Style Rules
// (rows in order, Add a Style Rule), Filters (which parcels the style draws), Apply (enabled only when
// every rule and filter is complete) and Reset (clears, or reloads a project's saved rules and filters),
// with the ordering rule explained: a parcel takes the colours of the first rule it matches.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { showLegendOnMapAtom } from '../../state/layers.ts';
import { panelAtom, showAlertAtom } from '../../state/ui.ts';
import { Panel } from '../../ui/panel.tsx';
import { Section } from '../../ui/section.tsx';
import { Toggle } from '../../ui/toggle.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { currentProjectAtom } from '../../state/project.ts';
import { styleSurveyAtom } from '../../state/survey.ts';
import { surveyRuleOptions } from '../../model/survey-rule-options.ts';
import { fromSavedStyles } from '../../model/project-styles.ts';
import { applyStyleAtom } from './apply-style.ts';
import { appliedSourceAtom, draftBaseAtom, draftFiltersAtom, draftRulesAtom } from '../../state/style-rules.ts';
import { FollowDatasetButton } from '../follows/follow-dataset-button.tsx';
import { filterOptionsByKeyAtom, filtersAtom } from './atoms.ts';
import { FilterRowView } from './filter-row.tsx';
import {
  filtersToRows,
  incompleteFiltersTooltip,
  isFilterComplete,
  newFilterRow,
  rowsToFilters,
} from '../../model/filter-rows.ts';
import { RuleRowEditor } from './rule-row.tsx';
import {
  canApply,
  defaultBaseStyle,
  incompleteTooltip,
  isRuleComplete,
  moveRule,
  newRule,
} from '../../model/style-rules.ts';
import './style-rules.css';

function BaseStyles() {
  const [base, setBase] = useAtom(draftBaseAtom);
  const transparent = base.fill.length === 9 && base.fill.endsWith('00');
  return (
    <div className="base-styles" data-testid="base-styles">
      <label>
        Fill{' '}
        <input
          type="color"
          data-testid="base-fill"
          value={base.fill.slice(0, 7)}
          disabled={transparent}
          onChange={(e) => setBase({ ...base, fill: e.target.value })}
        />
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="base-fill-transparent"
          checked={transparent}
          onChange={(e) =>
            setBase({ ...base, fill: e.target.checked ? defaultBaseStyle.fill : `${base.fill.slice(0, 7)}ff` })
          }
        />{' '}
        No fill
      </label>
      <label>
        Line{' '}
        <input
          type="color"
          data-testid="base-line"
          value={base.line.slice(0, 7)}
          onChange={(e) => setBase({ ...base, line: e.target.value })}
        />
      </label>
    </div>
  );
}

export function StyleRulesPanel() {
  const setPanel = useSetAtom(panelAtom);
  const [rules, setRules] = useAtom(draftRulesAtom);
  const [filterRows, setFilterRows] = useAtom(draftFiltersAtom);
  const base = useAtomValue(draftBaseAtom);
  const setBase = useSetAtom(draftBaseAtom);
  const filters = useAtomValue(filtersAtom);
  const applied = useAtomValue(appliedSourceAtom);
  const optionsByKey = useAtomValue(filterOptionsByKeyAtom);
  const [showLegend, setShowLegend] = useAtom(showLegendOnMapAtom);
  const applyStyle = useSetAtom(applyStyleAtom);
  const project = useAtomValue(currentProjectAtom);
  const showAlert = useSetAtom(showAlertAtom);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [applying, setApplying] = useState(false);

  const options = filters.status === 'done' ? filters.value : [];
  // With a survey chosen, rules (not filters) may also read its posts: @status and @user_id.
  const survey = useAtomValue(styleSurveyAtom);
  const ruleOptions = survey === null ? options : [...options, ...surveyRuleOptions];
  const ruleOptionsByKey =
    survey === null ? optionsByKey : new Map([...optionsByKey, ...surveyRuleOptions.map((o) => [o.key, o] as const)]);
  const rulesReady = canApply(rules, ruleOptionsByKey);
  const filtersReady = filterRows.every((row) => isFilterComplete(row, optionsByKey));
  const ready = filters.status === 'done' && rulesReady && filtersReady;

  const apply = async () => {
    if (!ready) return;
    setApplying(true);
    try {
      await applyStyle({ rules, base, filters: rowsToFilters(filterRows, optionsByKey) });
    } catch (error) {
      showAlert({ text: `Could not apply the style rules: ${(error as Error).message}`, kind: 'error' });
    } finally {
      setApplying(false);
    }
  };

  // Spec 4: Reset clears the rules, or reloads the saved ones when the project has styles.
  const reset = () => {
    const saved = project ? fromSavedStyles(project.styles) : { rules: [], base: defaultBaseStyle };
    const savedFilters = project?.query.filters ?? {};
    setRules(saved.rules);
    setBase(saved.base);
    setFilterRows(filtersToRows(savedFilters));
    applyStyle({ ...saved, filters: savedFilters }).catch((error: unknown) =>
      showAlert({ text: `Could not apply the style rules: ${(error as Error).message}`, kind: 'error' }),
    );
  };

  const update = (index: number, patch: (typeof rules)[number]) =>
    setRules(rules.map((r, i) => (i === index ? patch : r)));

  return (
    <Panel title="Style" testId="style-rules-panel" className="style-rules-panel" onClose={() => setPanel(null)}>
      <Section title="Base Parcel Styles" testId="base-parcel-styles">
        <BaseStyles />
      </Section>
      <Toggle label="Show Legend on Map" checked={showLegend} onChange={setShowLegend} testId="style-show-legend" />
      <Section title="Style Rules" testId="style-rules-section">
        {filters.status === 'loading' && <p className="muted">Loading...</p>}
        {filters.status === 'failed' && (
          <p className="muted" data-testid="filters-failed">
            No Options Available
          </p>
        )}
        <p className="style-rules-order" data-testid="style-rules-order">
          Rules apply in order: a parcel takes the colours of the first rule it matches, and parcels no rule matches
          take the base style. Drag a rule by its handle to reorder it, or focus the handle and press Arrow Up or Arrow
          Down.
        </p>
        <ol className="style-rule-list" data-testid="style-rule-list">
          {rules.map((rule, index) => (
            <RuleRowEditor
              key={rule.id}
              rule={rule}
              index={index}
              count={rules.length}
              options={ruleOptions}
              optionsByKey={ruleOptionsByKey}
              complete={isRuleComplete(rule, ruleOptionsByKey)}
              dragging={dragFrom === index}
              dragFrom={dragFrom}
              onChange={(next) => update(index, next)}
              onDelete={() => setRules(rules.filter((_, i) => i !== index))}
              onMove={(from, to) => setRules(moveRule(rules, from, to))}
              onDragStart={setDragFrom}
              onDragEnd={() => setDragFrom(null)}
            />
          ))}
        </ol>
        <button
          type="button"
          className="link-button"
          data-testid="add-style-rule"
          onClick={() => setRules([...rules, newRule()])}
        >
          + Add a Style Rule
        </button>
      </Section>
      <Section title="Filters" testId="style-filters-section">
        <p className="style-rules-order">
          Filters choose the parcels the style draws: a parcel must pass every filter, and a filter with several values
          passes on any of them.
        </p>
        <ul className="filter-list" data-testid="filter-list">
          {filterRows.map((row, index) => (
            <FilterRowView
              key={row.id}
              row={row}
              index={index}
              options={options}
              optionsByKey={optionsByKey}
              complete={isFilterComplete(row, optionsByKey)}
              onChange={(next) => setFilterRows(filterRows.map((r, i) => (i === index ? next : r)))}
              onDelete={() => setFilterRows(filterRows.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
        <button
          type="button"
          className="link-button"
          data-testid="add-filter"
          onClick={() => setFilterRows([...filterRows, newFilterRow()])}
        >
          + Add a Filter
        </button>
      </Section>
      <div className="style-rules-actions">
        <span data-testid="apply-wrapper">
          <Tooltip
            content={
              ready ? undefined : !rulesReady ? incompleteTooltip : !filtersReady ? incompleteFiltersTooltip : undefined
            }
            disabled
            testId="apply-hint"
          >
            <button
              type="button"
              className="primary"
              data-testid="apply-style-rules"
              disabled={!ready || applying}
              onClick={() => void apply()}
            >
              {applying ? 'Applying...' : 'Apply'}
            </button>
          </Tooltip>
        </span>
        <button type="button" data-testid="reset-style-rules" onClick={reset}>
          Reset
        </button>
      </div>
      {applied && (
        <p className="style-rules-order" data-testid="style-source-follow">
          Follow the applied style as a dataset to show it on the map again later:{' '}
          <FollowDatasetButton dataset={`source:${applied.id}`} />
        </p>
      )}
    </Panel>
  );
}

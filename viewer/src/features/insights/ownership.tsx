// Ownership: the Top Owners bar chart (bar colour #7cb5ec, axis labels cut to 4 characters) over a paged
// list of 8 owners per page. Hovering a row or bar marks it; clicking selects it (again: unselects) and
// fills the Selected Owner panel; the eye hides or shows an owner's bar; the filter button highlights
// the owner's parcels on the map (Pro).
import { useState } from 'react';
import type { InsightsPayload } from '@parcel-map/contracts/map/insights';
import { OwnerHighlightButton } from '../owner-highlight/owner-highlight-button.tsx';
import { BarChart } from '../../ui/charts/bar-chart.tsx';
import { axisLabel, formatNumber, ownerBarColor, pageCount, pageOf } from './format.ts';

type Owner = NonNullable<InsightsPayload['owners']>[number];
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d="M1 8s2.5-5 7-5 7 5 7 5-2.5 5-7 5-7-5-7-5z" />
      <circle cx="8" cy="8" r="2" />
      {!open && <path d="M2 14 14 2" />}
    </svg>
  );
}

// Spellings of one owner ("DUPREY, NICHOLAS D", "DUPREY NICHOLAS D") come grouped by the server
// under the most common one; the list says how many it joins.
const spellingsText = (n: number) => `${n} spellings`;

const selectedColor = '#f7a35c';
const hoverColor = '#434348';

export function Ownership({ owners }: { owners: Owner[] }) {
  const [page, setPage] = useState(0);
  const [hovered, setHovered] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  if (owners.length === 0)
    return (
      <p className="muted" data-testid="no-owners">
        This place's parcel data has no owner names.
      </p>
    );

  const pages = pageCount(owners.length);
  const shown = pageOf(owners, page);
  const bars = shown
    .filter((o) => !hidden.has(o.name))
    .map((o) => ({
      key: o.name,
      label: o.name,
      tick: axisLabel(o.name),
      value: o.count,
      color: o.name === selected ? selectedColor : o.name === hovered ? hoverColor : ownerBarColor,
      pressed: o.name === selected,
    }));
  const toggleSelected = (name: string) => setSelected(selected === name ? null : name);
  const toggleHidden = (name: string) => {
    const next = new Set(hidden);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    setHidden(next);
  };
  const current = owners.find((o) => o.name === selected);
  const rank = current ? owners.indexOf(current) + 1 : 0;

  return (
    <div className="insights-ownership">
      <h3>Top Owners</h3>
      <div className="insights-chart" data-testid="top-owners-chart" data-bars={bars.length}>
        <BarChart
          title="Top owners by parcel count"
          data={bars}
          orientation="vertical"
          height={220}
          valueName="Parcels"
          format={(value) => formatNumber(value, true)}
          onHover={setHovered}
          onSelect={toggleSelected}
        />
      </div>

      <ol className="owner-list" data-testid="owner-list" start={page * 8 + 1}>
        {shown.map((o) => (
          <li
            key={o.name}
            data-owner={o.name}
            data-spellings={o.spellings}
            data-selected={o.name === selected}
            data-hovered={o.name === hovered}
            onMouseEnter={() => setHovered(o.name)}
            onMouseLeave={() => setHovered(null)}
          >
            <button
              type="button"
              className="link-button owner-name"
              aria-pressed={o.name === selected}
              onClick={() => toggleSelected(o.name)}
            >
              {o.name}
            </button>
            <span className="muted small num">
              {formatNumber(o.count, true)} parcels{o.spellings > 1 ? ` · ${spellingsText(o.spellings)}` : ''}
            </span>
            <button
              type="button"
              className="icon-button owner-eye"
              data-testid="owner-eye"
              aria-pressed={!hidden.has(o.name)}
              onClick={() => toggleHidden(o.name)}
              aria-label={hidden.has(o.name) ? `Show ${o.name} in the chart` : `Hide ${o.name} from the chart`}
            >
              <EyeIcon open={!hidden.has(o.name)} />
            </button>
            <OwnerHighlightButton owner={o.name} testId="owner-list-highlight" />
          </li>
        ))}
      </ol>
      <div className="owner-pager" data-testid="owner-pager">
        <button
          type="button"
          className="button"
          disabled={page === 0}
          onClick={() => setPage(page - 1)}
          aria-label="Previous owners"
        >
          ‹ Prev
        </button>
        <span data-testid="owner-page">
          Page {page + 1} of {pages}
        </span>
        <button
          type="button"
          className="button"
          disabled={page >= pages - 1}
          onClick={() => setPage(page + 1)}
          aria-label="Next owners"
        >
          Next ›
        </button>
      </div>

      <section className="insights-card" data-testid="selected-owner">
        <h3>Selected Owner</h3>
        {current ? (
          <>
            <p>
              <strong>{current.name}</strong>{' '}
              <OwnerHighlightButton owner={current.name} testId="selected-owner-highlight" />
            </p>
            <p className="small">
              Rank {rank} of {owners.length} · {formatNumber(current.count, true)} parcels ·{' '}
              {formatNumber(current.acres)} acres{current.spellings > 1 ? ` · ${spellingsText(current.spellings)}` : ''}
            </p>
          </>
        ) : (
          <p className="muted small">Select an owner in the chart or the list.</p>
        )}
      </section>
    </div>
  );
}

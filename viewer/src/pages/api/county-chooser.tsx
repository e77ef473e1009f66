// The sandbox's county choice: up to 7 of the loaded counties, as checkboxes with a filter (the list can
// be long); counties past the seventh are disabled until one is unticked.
import { useEffect, useState } from 'react';
import { count, loadCounties, type County } from './api.ts';

export function CountyChooser(props: { chosen: string[]; onChange: (chosen: string[]) => void }) {
  const [counties, setCounties] = useState<County[] | null>(null);
  const [max, setMax] = useState(7);
  const [filter, setFilter] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    loadCounties()
      .then((answer) => {
        setCounties(answer.counties);
        setMax(answer.max);
      })
      .catch((error: unknown) => setFailed((error as Error).message));
  }, []);
  const shown = (counties ?? [])
    .filter((c) => c.headline.toLowerCase().includes(filter.trim().toLowerCase()))
    .slice(0, 200);
  const toggle = (path: string, on: boolean) =>
    props.onChange(on ? [...props.chosen, path] : props.chosen.filter((p) => p !== path));

  return (
    <fieldset className="county-chooser" data-testid="county-chooser">
      <legend>
        Choose up to {max} counties ({props.chosen.length} of {max} chosen)
      </legend>
      {failed && <p className="error">Could not load the counties: {failed}</p>}
      {counties === null && !failed && <p className="muted">Loading the counties...</p>}
      {counties !== null && counties.length > 10 && (
        <input
          type="search"
          placeholder="Filter counties"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label="Filter counties"
        />
      )}
      <ul>
        {shown.map((county) => {
          const on = props.chosen.includes(county.path);
          return (
            <li key={county.path}>
              <label className="checkbox-row">
                <input
                  type="checkbox"
                  data-testid={`county-${county.path}`}
                  checked={on}
                  disabled={!on && props.chosen.length >= max}
                  onChange={(e) => toggle(county.path, e.target.checked)}
                />
                <span>
                  {county.headline} <span className="muted small">({count(county.parcels)} parcels)</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

// The unit choices of map.md section 3: area (Acres default, Square Feet, Square Meters, Hectares) and
// distance (Miles default, Kilometers, Feet, Meters). Both write unitsAtom, which start-preferences.ts
// saves for signed-in users, so the measure tools, the parcel pane and the focus areas follow one choice.
import { useAtom } from 'jotai';
import { areaUnits, distanceUnits, type AreaUnit, type DistanceUnit } from '../../model/units.ts';
import { unitsAtom } from '../../state/ui.ts';

export function AreaUnitSelect({ testId = 'area-unit' }: { testId?: string }) {
  const [units, setUnits] = useAtom(unitsAtom);
  return (
    <select
      aria-label="Area unit"
      data-testid={testId}
      value={units.area}
      onChange={(e) => setUnits({ ...units, area: e.target.value as AreaUnit })}
    >
      {areaUnits.map((u) => (
        <option key={u.id} value={u.id}>
          {u.label}
        </option>
      ))}
    </select>
  );
}

export function DistanceUnitSelect({ testId = 'distance-unit' }: { testId?: string }) {
  const [units, setUnits] = useAtom(unitsAtom);
  return (
    <select
      aria-label="Distance unit"
      data-testid={testId}
      value={units.distance}
      onChange={(e) => setUnits({ ...units, distance: e.target.value as DistanceUnit })}
    >
      {distanceUnits.map((u) => (
        <option key={u.id} value={u.id}>
          {u.label}
        </option>
      ))}
    </select>
  );
}

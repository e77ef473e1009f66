// The Labels section's label tile chooser (spec map.md §2): a toggle for the label tile and the choice
// between the tiles our basemap draws (street and place names, or place names only). Label tiles need
// site control: others see them disabled with the upsell.
import { useAtom, useAtomValue } from 'jotai';
import { labelTiles } from '../../model/label-tiles.ts';
import { labelTileAtom } from '../../state/layers.ts';
import { hasSiteControlAtom, levelAtom } from '../../state/session.ts';
import { Toggle } from '../../ui/toggle.tsx';
import { Upsell } from '../entitlements/upsell.tsx';

export function LabelTileChooser() {
  const [choice, setChoice] = useAtom(labelTileAtom);
  const entitled = useAtomValue(hasSiteControlAtom);
  const level = useAtomValue(levelAtom);
  return (
    <div className="label-tiles" data-testid="label-tiles">
      <Toggle
        label="Label tile"
        checked={choice.on}
        onChange={(on) => setChoice({ ...choice, on })}
        testId="toggle-label-tile"
        disabled={!entitled}
        hint={entitled ? undefined : 'Label tiles are available to Pro customers.'}
      />
      <div className="label-tile-choices" role="radiogroup" aria-label="Label tile">
        {labelTiles.map((tile) => (
          <label key={tile.id} className="radio" data-testid={`label-tile-${tile.id}`}>
            <input
              type="radio"
              name="label-tile"
              checked={choice.tile === tile.id}
              disabled={!entitled || !choice.on}
              onChange={() => setChoice({ tile: tile.id, on: true })}
            />
            <span>{tile.label}</span>
          </label>
        ))}
      </div>
      {!entitled && <Upsell features="Label tiles" testId="label-tiles-upsell" signUp={level === 'anonymous'} />}
    </div>
  );
}

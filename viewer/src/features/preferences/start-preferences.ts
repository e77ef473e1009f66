// Starts the preferences module and applies it to the map state: the saved map colours and measuring
// units follow the preferences, and a unit the user picks in the tools panel is saved.
import { colorsAtom } from '../../state/layers.ts';
import { initPreferences, preferencesAtom, preferencesLoadedAtom, savePreference } from '../../state/preferences.ts';
import { store } from '../../state/store.ts';
import { unitsAtom } from '../../state/ui.ts';
import { colorsFromPreference } from '../../model/colors.ts';

export function startPreferences(): void {
  const apply = () => {
    if (!store.get(preferencesLoadedAtom)) return;
    const prefs = store.get(preferencesAtom);
    store.set(colorsAtom, colorsFromPreference(prefs.map_colors));
    const units = store.get(unitsAtom);
    if (prefs.units && (prefs.units.distance !== units.distance || prefs.units.area !== units.area))
      store.set(unitsAtom, prefs.units);
  };
  store.sub(preferencesAtom, apply);
  store.sub(preferencesLoadedAtom, apply);
  store.sub(unitsAtom, () => {
    const units = store.get(unitsAtom);
    const saved = store.get(preferencesAtom).units;
    if (saved?.distance === units.distance && saved?.area === units.area) return;
    savePreference('units', { distance: units.distance, area: units.area }).catch(() => {});
  });
  initPreferences();
}

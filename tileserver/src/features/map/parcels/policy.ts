// Which parcel fields a caller reads: the catalog tier of each field against the caller's level
// (field-access.ts holds the split and the details-pane groups). The parcel routes and the parcel API
// ask here, so a field locked on the map is locked in the API too; the pane's view-only premium fields
// (Pro) are the one widening, and only the parcel record uses it.
import { canSeeTier, type Level } from '@parcel-map/contracts/levels';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';

export { fieldAccess, paneFieldAccess, premiumMeta, type FieldAccess } from './field-access.ts';

/** Whether the level reads the named catalog field's value. */
export function maySeeField(level: Level, name: string): boolean {
  return canSeeTier(level, parcelFieldsByName.get(name)!.tier);
}

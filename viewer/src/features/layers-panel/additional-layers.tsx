// The Additional Layers section: every catalogue entry for the view's country with its name, description,
// provenance ("City of Cambridge GIS · PDDL 1.0 · 2018") and note. A layer the caller may not draw is
// disabled, marked with the plan it needs, and the section shows the upsell (Free: Upgrade to Pro;
// anonymous: Sign Up). Admin layers are listed to admins only. Signed-in users can follow each entry
// (layer:<id>), so its updates reach their follows page.
import { useAtom, useAtomValue } from 'jotai';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { activeLayersAtom } from '../../state/layers.ts';
import { catalogueAtom } from '../../state/server-config.ts';
import { hasSiteControlAtom, isAdminAtom, levelAtom, signedInAtom } from '../../state/session.ts';
import { Toggle } from '../../ui/toggle.tsx';
import { Upsell } from '../entitlements/upsell.tsx';
import { FollowDatasetButton } from '../follows/follow-dataset-button.tsx';
import { layerLock, layersForCountry, provenanceLine, toggleLayer } from './catalogue.ts';

function LayerEntry({ layer, locked }: { layer: CatalogueLayer; locked: boolean }) {
  const [active, setActive] = useAtom(activeLayersAtom);
  const signedIn = useAtomValue(signedInAtom);
  const provenance = provenanceLine(layer);
  return (
    <div className="layer-entry" data-testid={`layer-entry-${layer.id}`}>
      <div className="layer-entry-head">
        <Toggle
          label={layer.name}
          checked={active.includes(layer.id)}
          testId={`toggle-layer-${layer.id}`}
          disabled={locked}
          onChange={(on) => setActive(toggleLayer(active, layer.id, on))}
        />
        {layer.access === 'admin' && <span className="layer-badge">Admin</span>}
        {locked && layer.access !== 'admin' && <span className="layer-badge">Pro</span>}
      </div>
      <p className="muted small">
        {layer.description}{' '}
        {layer.docs && (
          <a href={layer.docs} target="_blank" rel="noreferrer">
            Docs
          </a>
        )}
      </p>
      {provenance && (
        <p className="muted small layer-provenance" data-testid={`layer-provenance-${layer.id}`}>
          {layer.provenance?.url ? (
            <a href={layer.provenance.url} target="_blank" rel="noreferrer">
              {provenance}
            </a>
          ) : (
            provenance
          )}
        </p>
      )}
      {layer.note && (
        <p className="small layer-note" data-testid={`layer-note-${layer.id}`}>
          {layer.note}
        </p>
      )}
      {signedIn && <FollowDatasetButton dataset={`layer:${layer.id}`} name={layer.name} />}
    </div>
  );
}

export function AdditionalLayers({ country }: { country: string | null }) {
  const catalogue = useAtomValue(catalogueAtom);
  const entitled = useAtomValue(hasSiteControlAtom);
  const admin = useAtomValue(isAdminAtom);
  const level = useAtomValue(levelAtom);
  const layers = layersForCountry(catalogue, country, admin);
  const locks = new Map(layers.map((l) => [l.id, layerLock(l, level, entitled)]));
  const upsell = [...locks.values()].find((lock) => lock !== null);
  return (
    <>
      {layers.length === 0 && <p className="muted">No additional layers are available in this country.</p>}
      {upsell && <Upsell features="Additional layers" testId="layers-upsell" signUp={upsell === 'sign-up'} />}
      {layers.map((layer) => (
        <LayerEntry key={layer.id} layer={layer} locked={locks.get(layer.id) !== null} />
      ))}
    </>
  );
}

// The bookmarks on the map: clusters as HTML markers (the map's style has no glyphs for counts), made
// again after each move. A cluster click zooms to where it splits; a pin click opens the parcel.
import { useAtomValue, useSetAtom } from 'jotai';
import { Marker } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { followsAtom, watchFollows } from './atoms.ts';
import { mapAtom } from '../../state/view.ts';
import { selectParcelAtom } from '../../state/selection.ts';
import { bookmarkIndex, clusterSize } from './bookmark-clusters.ts';
import './follows.css';

export function BookmarkPins() {
  const map = useAtomValue(mapAtom);
  const follows = useAtomValue(followsAtom);
  const select = useSetAtom(selectParcelAtom);
  const index = useMemo(() => bookmarkIndex(follows), [follows]);
  // The map screen always shows this component: it keeps the follows loaded for the Actions menus too.
  useEffect(() => watchFollows(), []);

  useEffect(() => {
    if (!map) return;
    let markers: Marker[] = [];
    const draw = () => {
      markers.forEach((m) => m.remove());
      const b = map.getBounds();
      markers = index
        .pins([b.getWest(), Math.max(b.getSouth(), -85), b.getEast(), Math.min(b.getNorth(), 85)], map.getZoom())
        .map((pin) => {
          const el = document.createElement('button');
          el.type = 'button';
          const size = clusterSize(pin.count);
          el.className = pin.clusterId === undefined ? 'bookmark-pin' : 'bookmark-cluster';
          el.style.width = el.style.height = `${size}px`;
          el.dataset.testid = pin.clusterId === undefined ? 'bookmark-pin' : 'bookmark-cluster';
          el.dataset.size = String(size);
          if (pin.clusterId !== undefined) {
            el.textContent = String(pin.count);
            el.setAttribute('aria-label', `${pin.count} bookmarks`);
          } else el.setAttribute('aria-label', `Bookmark ${pin.path}`);
          el.addEventListener('click', (e) => {
            e.stopPropagation();
            if (pin.clusterId !== undefined)
              map.easeTo({ center: pin.position, zoom: index.expansionZoom(pin.clusterId), duration: 500 });
            else select({ path: pin.path! });
          });
          return new Marker({ element: el }).setLngLat(pin.position).addTo(map);
        });
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      markers.forEach((m) => m.remove());
    };
  }, [map, index, select]);
  return null;
}

// The store's US county map (spec: /store): the counties whose parcel files are for sale, drawn over
// the country from the coverage outlines; a click on a county opens its store page. The same outlines
// and map as the coverage page (features/coverage/coverage-map.ts), in one colour: here the question is
// "for sale or not", not how much is covered.
import { useEffect, useRef, useState } from 'react';
import { getJson } from '../../api/client.ts';
import { parseCoverage, type CoverageTable } from '../../features/coverage/coverage.ts';
import { createCoverageMap, loadCoverageShapes } from '../../features/coverage/coverage-map.ts';

const forSale = '#0d7a6f';

export function StoreCountyMap(props: { base: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [hovered, setHovered] = useState<string | null>(null);

  useEffect(() => {
    let removed = false;
    let remove = () => {};
    getJson<CoverageTable>('/coverage.json')
      .then((table) => loadCoverageShapes(parseCoverage(table).filter((e) => e.path.startsWith('/us/'))))
      .then((shapes) => {
        if (removed || !container.current) return;
        for (const county of shapes.counties.features) county.properties = { ...county.properties, color: forSale };
        const map = createCoverageMap(container.current, shapes);
        window.__map = map;
        map.on('mousemove', 'coverage-fill', (e) => {
          map.getCanvas().style.cursor = 'pointer';
          setHovered(String(e.features?.[0]?.properties?.name ?? ''));
        });
        map.on('mouseleave', 'coverage-fill', () => {
          map.getCanvas().style.cursor = '';
          setHovered(null);
        });
        map.on('click', 'coverage-fill', (e) => {
          const path = e.features?.[0]?.properties?.path;
          if (typeof path === 'string') location.assign(`${props.base}${path}`);
        });
        remove = () => map.remove();
      })
      .catch(() => !removed && setFailed(true));
    return () => {
      removed = true;
      remove();
    };
  }, [props.base]);

  if (failed) return <p className="muted">The county map could not be loaded; the list below has every state.</p>;
  return (
    <figure className="store-map-figure">
      <div className="store-county-map" ref={container} data-testid="store-county-map" />
      <figcaption className="muted small">
        {hovered
          ? `${hovered}: click to see its files`
          : 'Counties with parcel files for sale. Click one to see its files.'}
      </figcaption>
    </figure>
  );
}

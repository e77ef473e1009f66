// The data store's reads: stats (counts of counties and states), the states and counties for sale,
// a county's products with prices from its parcel count, each with its coverage report (its fields'
// fill in the place, from the data) and schema links, and the typeahead.
import { Hono } from 'hono';
import { z } from 'zod';
import { boundedString } from '@parcel-map/contracts/bounded-string';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import { fieldCatalog } from '../../map/parcels/field-catalog.ts';
import { placeCoverage, productCoverage, productFields, productSchemas } from './product-coverage.ts';
import { hasAnyValue, placeNames, searchStore, storeCounties, storeCounty } from './queries.ts';
import {
  productPriceCents,
  shapefileTooLarge,
  statePriceCents,
  storeCatalog,
  type ProductId,
} from '@parcel-map/contracts/commerce/store';

const pathQuery = z.object({
  path: boundedString(300)
    .trim()
    .regex(/^\/[a-z]{2}(\/[a-z0-9-]+)*$/, 'A place path looks like /us/ma/middlesex'),
});
const searchQuery = z.object({
  q: boundedString(100).trim().min(2, 'Type at least 2 characters'),
  country: z.enum(['us', 'ca']).optional(),
});

export function storeRoutes(deps: { sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  const { sql } = deps;
  const availability = new Map<string, Promise<boolean>>();
  // A place's field coverage is counted once per process (one query per county page otherwise).
  const coverages = new Map<string, ReturnType<typeof placeCoverage>>();
  const coverageOf = (path: string, parcels: number) => {
    const key = `${path}:${parcels}`;
    let found = coverages.get(key);
    if (!found) {
      found = placeCoverage(sql, path, parcels);
      coverages.set(key, found);
      found.catch(() => coverages.delete(key));
    }
    return found;
  };
  // The add-on panel's feature lists are the field catalog's (one text for the details pane and the store).
  const addOnOf: Record<string, string> = {
    'buildings-addon': 'buildings',
    'enhanced-buildings-addon': 'buildings',
    'addresses-addon': 'addresses',
    'zoning-addon': 'zoning',
  };
  const features = new Map(fieldCatalog('us', 'team').add_ons.map((a) => [a.id as string, a.listItems]));

  app.get('/store/stats.json', async (c) => {
    const counties = await storeCounties(sql);
    return c.json({ counties: counties.length, states: new Set(counties.map((r) => r.state_path)).size }, 200, {
      'Cache-Control': 'public, max-age=3600',
    });
  });

  /** /us or /ca: the states (provinces) for sale; a state: its counties, each with its Premium price. */
  app.get('/store/places.json', async (c) => {
    const { path } = pathQuery.parse(c.req.query());
    const depth = path.split('/').length - 1;
    if (depth === 1) {
      const counties = (await storeCounties(sql)).filter((r) => r.state_path.startsWith(`${path}/`));
      const states = [...new Set(counties.map((r) => r.state_path))];
      const names = await placeNames(sql, states);
      return c.json({
        places: states.map((s) => {
          const mine = counties.filter((r) => r.state_path === s);
          return {
            path: s,
            headline: names.get(s)?.headline ?? s,
            counties: mine.length,
            parcels: mine.reduce((n, r) => n + r.parcels, 0),
            premium_price: statePriceCents(
              'premium',
              mine.map((r) => r.parcels),
            ),
          };
        }),
      });
    }
    if (depth === 2) {
      const counties = await storeCounties(sql, path);
      return c.json({
        places: counties.map((r) => ({
          path: r.path,
          headline: r.headline,
          parcels: r.parcels,
          premium_price: productPriceCents('premium', r.parcels),
        })),
      });
    }
    throw new ApiError('BAD_REQUEST', 'Give a country (/us) or a state (/us/ma)');
  });

  /** The product picker of a county (or a whole state: prices less the state discount). */
  app.get('/store/products.json', async (c) => {
    const { path } = pathQuery.parse(c.req.query());
    const depth = path.split('/').length - 1;
    let parcels: number;
    let counties: number[];
    let headline: string;
    if (depth === 2) {
      const rows = await storeCounties(sql, path);
      if (rows.length === 0) throw new ApiError('NOT_FOUND', 'No parcel data is for sale in that state');
      parcels = rows.reduce((n, r) => n + r.parcels, 0);
      counties = rows.map((r) => r.parcels);
      headline = (await placeNames(sql, [path])).get(path)?.headline ?? path;
    } else {
      const county = await storeCounty(sql, path);
      if (!county) throw new ApiError('NOT_FOUND', 'No parcel data is for sale for that place');
      parcels = county.parcels;
      counties = [county.parcels];
      headline = county.headline;
    }
    const tooLarge = shapefileTooLarge(parcels);
    const place = await coverageOf(path, parcels);
    const products = await Promise.all(
      storeCatalog.products.map(async (p) => {
        const fields = 'fields' in p ? (p.fields as string[]).filter((f) => parcelFieldsByName.has(f)) : [];
        const key = `${path}:${p.id}`;
        if (fields.length && !availability.has(key)) availability.set(key, hasAnyValue(sql, path, fields));
        const available = fields.length ? await availability.get(key)! : true;
        return {
          id: p.id,
          name: p.name,
          description: tooLarge && 'description_no_shapefile' in p ? p.description_no_shapefile : p.description,
          addon: p.addon,
          legacy: 'legacy' in p ? Boolean(p.legacy) : false,
          description_no_shapefile: 'description_no_shapefile' in p ? p.description_no_shapefile : null,
          available,
          variant: p.id,
          format_types: storeCatalog.formats.map((f) => ({
            format: f,
            available: !(f === 'shp' && tooLarge),
            tooltip:
              f === 'shp' && tooLarge
                ? `Too large for a shapefile (over ${storeCatalog.shapefile_max_parcels.toLocaleString('en-US')} parcels): choose csv or GeoPackage.`
                : null,
          })),
          price:
            depth === 2 ? statePriceCents(p.id as ProductId, counties) : productPriceCents(p.id as ProductId, parcels),
          fields,
          features: features.get(addOnOf[p.id] ?? '') ?? [],
          coverage_report: `/coverage?path=${encodeURIComponent(path)}`,
          coverage: productCoverage(place, productFields(p.id, 'fields' in p ? (p.fields as string[]) : undefined)),
          schemas: productSchemas(p.id),
        };
      }),
    );
    return c.json({ path, headline, parcels, state: depth === 2, products });
  });

  app.get('/store/search.json', async (c) => {
    const { q, country } = searchQuery.parse(c.req.query());
    return c.json({ results: await searchStore(sql, q, country, 33) });
  });

  return app;
}

// Stored source definitions as tile sources, looked up by id: TileJSON at /api/v1/sources/{id}.json
// and tiles at /api/v1/sources/{id}/{z}/{x}/{y}.mvt (and .png, @2x.png) through the one tile route pair. Each compiled
// source (registry.ts) gets one TileSource, kept beside it. A source styled by a survey is checked on
// every request (its id is a hash of its definition, which anyone may compute), and a guest's tile and
// TileJSON URLs carry the share token the guest came with.
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { isLayerDefinition, type LayerSourceDefinition } from '@parcel-map/contracts/map/layer-source-definition';
import type { Caller } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import { DEFAULT_RULE, type SourceDefinition } from '@parcel-map/contracts/map/source-definition';
import { tableBounds } from '../../../tiles/bounds.ts';
import { legendHtml, legendOf } from '../../../tiles/definition/compile.ts';
import { sourceIdPattern } from '../../../tiles/definition/source-id.ts';
import { publicOrigin, tileTemplate, type TileContext } from '../../../tiles/tile-context.ts';
import type { TileCachePolicy } from '../../../tiles/tile-gate.ts';
import { rasterTemplateOf } from '../../../tiles/raster/png-tile.ts';
import { parcelLayer } from '../../../tiles/tile-queries.ts';
import { tileJsonDocument, type TileSource, type TileSourceMount } from '../../../tiles/tile-source.ts';
import { surveyAccessFor, surveyLayer } from '../../workspace/surveys/service.ts';
import { assertDefinitionAllowed, assertSurveyFieldsAllowed, entitledOnly } from './policy.ts';
import { findAnySource, placeBounds } from './queries.ts';
import { layerTileSource } from './layer-sources.ts';
import { SourceRegistry, type CompiledSource } from './registry.ts';

// A session's tile URL carries the anonymous token: a shared cache keyed by it would hand a Pro
// field or a survey's answers to anyone asking for the same URL (as the static layers say too).
const privateHour: TileCachePolicy = { maxAge: 3600, audience: 'private' };
const publicHour: TileCachePolicy = { maxAge: 3600, audience: 'public' };

export class StoredSources implements TileSourceMount {
  readonly tileJsonPath = '/api/v1/sources/:file';
  readonly tilesPath = '/api/v1/sources/:id';
  readonly registered: readonly TileSource[] = [];
  readonly coordsBeforeLookup = true;
  readonly rasterTiles = true;
  readonly registry: SourceRegistry;
  private readonly sources = new WeakMap<CompiledSource, TileSource>();
  private readonly layerSources: LRUCache<string, TileSource>;

  constructor(private readonly tiles: TileContext) {
    this.registry = new SourceRegistry(tiles.sql, {
      maxCompiled: tiles.config.SOURCE_REGISTRY_MAX,
      maxPrepared: tiles.config.SOURCE_PREPARED_MAX,
    });
    this.layerSources = new LRUCache({ max: tiles.config.SOURCE_REGISTRY_MAX });
  }

  async sourceFor(c: Context, at: 'tilejson' | 'tile'): Promise<TileSource> {
    let id = c.req.param(at === 'tile' ? 'id' : 'file')!;
    if (at === 'tilejson') {
      if (!id.endsWith('.json')) throw new ApiError('NOT_FOUND', 'Source TileJSON lives at /api/v1/sources/{id}.json');
      id = id.slice(0, -5);
    }
    if (!sourceIdPattern.test(id)) throw new ApiError('NOT_FOUND', 'No source with that id');
    const layer = this.layerSources.get(id);
    if (layer) return layer;
    const source = await this.registry.get(id);
    if (source) return this.tileSourceOf(source);
    const stored = await findAnySource(this.tiles.sql, id);
    if (stored && isLayerDefinition(stored.definition)) return this.rememberLayer(id, stored.definition);
    throw new ApiError('NOT_FOUND', 'No source with that id');
  }

  /** The tile source of a stored buildings or zoning definition (kept, bounded, like compiled parcel sources). */
  rememberLayer(id: string, definition: LayerSourceDefinition): TileSource {
    const known = this.layerSources.get(id);
    if (known) return known;
    const source = layerTileSource(id, definition);
    this.layerSources.set(id, source);
    return source;
  }

  /** The TileJSON of a buildings or zoning source (the answer of POST /api/v1/sources for one). */
  async layerTileJson(c: Context, caller: Caller, tile: TileSource): Promise<Record<string, unknown>> {
    const version = await tile.version(this.tiles);
    const template = tile.tileUrl!(c, publicOrigin(c, this.tiles.config), caller, version);
    return tileJsonDocument(tile, await tile.metadata(this.tiles, caller, c, template), version, template);
  }

  /** The compiled source of an id, or 404. */
  async find(rawId: string): Promise<CompiledSource> {
    if (!sourceIdPattern.test(rawId)) throw new ApiError('NOT_FOUND', 'No source with that id');
    const source = await this.registry.get(rawId);
    if (!source) throw new ApiError('NOT_FOUND', 'No source with that id');
    return source;
  }

  /** The compiled source of an id the caller may read (fields, owner highlight), or 404/403. */
  async load(caller: Caller, rawId: string): Promise<CompiledSource> {
    const source = await this.find(rawId);
    assertDefinitionAllowed(caller, source.definition);
    return source;
  }

  /** A source styled by a survey's @status also moves with that survey's posts (and only those). */
  async version(source: CompiledSource): Promise<string> {
    const { versions } = this.tiles;
    const base = `${await versions.get('parcels')}.${await versions.get(`source:${source.id}`)}`;
    const survey = source.definition.query.survey;
    return survey === undefined ? base : `${base}.${await versions.get(surveyLayer(survey))}`;
  }

  /**
   * A survey-styled source's TileJSON, live events and tiles are for the survey's readers (its tiles
   * carry the survey's answers as rule indexes). A guest reads through the share link of the survey's
   * project (?share=), checked on every request, so a replaced link stops its tiles too; a guest may
   * not read respondents (@user_id), also in a source a member stored.
   */
  async assertSurveyVisible(c: Context, caller: Caller, definition: SourceDefinition, missing: string): Promise<void> {
    const survey = definition.query.survey;
    if (survey === undefined) return;
    const access = await surveyAccessFor(this.tiles.sql, caller, survey, c.req.query('share'));
    if (access === 'none') throw new ApiError('NOT_FOUND', missing);
    assertSurveyFieldsAllowed(access, definition);
  }

  /** The tile URL template of a source at a version, with a guest's share token. */
  tilesOf(c: Context, origin: string, caller: Caller, source: CompiledSource, version: string): string {
    const template = tileTemplate(origin, `/api/v1/sources/${source.id}`, caller.token, version);
    const share = guestShare(c, source);
    return share ? `${template}&${new URLSearchParams({ share }).toString()}` : template;
  }

  /** The TileJSON of a source (the answer of POST /api/v1/sources too). */
  async tileJson(c: Context, caller: Caller, source: CompiledSource): Promise<Record<string, unknown>> {
    const tile = this.tileSourceOf(source);
    const version = await tile.version(this.tiles);
    const template = this.tilesOf(c, publicOrigin(c, this.tiles.config), caller, source, String(version));
    return tileJsonDocument(tile, await tile.metadata(this.tiles, caller, c, template), version, template);
  }

  private tileSourceOf(source: CompiledSource): TileSource {
    let known = this.sources.get(source);
    if (!known) {
      known = this.describe(source);
      this.sources.set(source, known);
    }
    return known;
  }

  private describe(source: CompiledSource): TileSource {
    const stored = this;
    const { definition } = source;
    const policy = entitledOnly(definition) ? privateHour : publicHour;
    return {
      path: `/api/v1/sources/${source.id}`,
      title: 'This source',
      minzoom: parcelLayer.minzoom,
      maxzoom: parcelLayer.maxzoom,
      metered: true,
      async mayRead(_tiles, caller, c) {
        assertDefinitionAllowed(caller, definition);
        await stored.assertSurveyVisible(c, caller, definition, 'No source with that id');
      },
      version: () => stored.version(source),
      layerKey: (_caller, version) => `source:${source.id}@${version}`,
      statement: () => source.statement,
      prepare: () => stored.registry.use(source),
      cachePolicy: () => policy,
      // PNG tiles paint the MVT's rule index with the rules' colours, the spec's default where none applies.
      raster: { layer: 'parcels', rules: definition.styles, fallback: DEFAULT_RULE },
      tileUrl: (c, origin, caller, version) => stored.tilesOf(c, origin, caller, source, String(version)),
      async metadata(tiles, caller, c, template) {
        const bounds = definition.query.path
          ? await placeBounds(tiles.sql, definition.query.path)
          : await tableBounds(tiles.sql, 'parcels', await tiles.versions.get('parcels'));
        const fields: Record<string, string> = {};
        for (const name of definition.fields)
          fields[name] = parcelFieldsByName.get(name)!.kind === 'text' ? 'String' : 'Number';
        if (definition.styles.length) fields.rule = 'Number';
        const share = guestShare(c, source);
        const query = new URLSearchParams({ token: caller.token, ...(share ? { share } : {}) }).toString();
        const origin = publicOrigin(c, tiles.config);
        return {
          id: source.id,
          name: `source ${source.id}`,
          // Clients written for other parcel tile APIs read the tile URL under `vector`; the TileJSON itself is `url`.
          // The same tiles drawn as PNG (256 px; @2x.png for 512) for clients that read only raster tiles.
          links: {
            vector: [template],
            raster_tiles: [rasterTemplateOf(template)],
            // The query layer's print template (spec: id, vector url, printUrl, tiles): the 512 px PNG,
            // sharp on paper, drawn from the same tiles as the screen.
            printUrl: rasterTemplateOf(template).replace('{y}.png', '{y}@2x.png'),
            url: `${origin}/api/v1/sources/${source.id}.json?${query}`,
          },
          maxzoom: parcelLayer.tileJsonMaxzoom,
          bounds,
          vector_layers: [{ id: 'parcels', fields }],
          extra: {
            // TileJSON's legend is a string; the structured legend (rule, label, colours) is `rules`.
            legend: legendHtml(definition.styles),
            rules: legendOf(definition.styles),
            query: definition.query,
            fields: definition.fields,
            styles: definition.styles,
          },
        };
      },
    };
  }
}

/** A guest's share token, carried by a survey-styled source's URLs. */
function guestShare(c: Context, source: CompiledSource): string | undefined {
  const share = c.req.query('share');
  return source.definition.query.survey !== undefined && share ? share : undefined;
}

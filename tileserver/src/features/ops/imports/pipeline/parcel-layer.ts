// Which layer of a multi-layer source holds the parcels, by the names public parcel data uses
// (MassGIS M###TaxPar beside M###OthLeg and M###Misc, tax_parcels, parcel_poly, PARCELS, Parcels_Poly,
// ...) and, without such a name, by shape: the one polygon layer far more numerous than the others
// (parcels outnumber zoning districts, easements and misc. polygons by orders of magnitude).

export interface LayerInfo {
  name: string;
  type: string;
  /** -1 when unknown. */
  features: number;
  fields: string[];
}

// Names of parcel layers, checked on the name without a MassGIS town or statewide prefix (M274, L3_)
// or vintage suffix (_CY22_FY23): TaxPar, L3_TAXPAR_POLY, tax_parcels, parcel_poly, Parcels_Poly ...
const parcelNames =
  /^(tax_?par(cel)?s?|parcels?|tax_?lots?|lots?|cadastr(e|al)(_?parcels?)?|assessor_?parcels?)(_?(poly(gons?)?|layer|boundar(y|ies)|fabric))?$/i;
const notParcels = /build|footprint|zon|easement|othleg|misc|road|row|water|hydro|lut|lookup|point|label|anno/i;

export function coreName(name: string): string {
  return name
    .replace(/^(M\d{3}|L3)_?/i, '')
    .replace(/(_(CY|FY)\d{2,4})+$/i, '')
    .replace(/_?\d{4}$/, '');
}

export const isPolygonType = (type: string) => /polygon|surface/i.test(type);

/** The parcel layer among several polygon layers, with why; null when neither names nor shape tell. */
export function recogniseParcelLayer(polygons: LayerInfo[]): { layer: LayerInfo; why: string } | null {
  const named = polygons.filter((l) => parcelNames.test(coreName(l.name)));
  if (named.length === 1) return { layer: named[0]!, why: 'the polygon layer named like parcels' };
  const loose = polygons.filter((l) => /parcel|taxpar/i.test(l.name) && !notParcels.test(coreName(l.name)));
  if (loose.length === 1) return { layer: loose[0]!, why: 'the polygon layer named like parcels' };
  // By shape: one layer with at least 5 times the features of every other polygon layer.
  const counted = polygons.filter((l) => l.features >= 0 && !notParcels.test(coreName(l.name)));
  const sorted = [...counted].sort((a, b) => b.features - a.features);
  const [first, second] = [sorted[0], sorted[1]];
  const others = polygons.filter((l) => l !== first);
  if (
    first &&
    first.features >= 20 &&
    others.every((o) => o.features >= 0 && o.features * 5 <= first.features) &&
    (!second || second.features * 5 <= first.features)
  )
    return { layer: first, why: `the polygon layer with the most features (${first.features}, 5 times any other)` };
  return null;
}

/** Layers as `ogrinfo -so -al` describes them: name, geometry, feature count and fields. */
export function parseLayerSummaries(text: string): LayerInfo[] {
  const blocks = text.split(/^Layer name: /m).slice(1);
  return blocks.map((block) => {
    const name = block.split('\n')[0]!.trim();
    const type = /^Geometry: (.+)$/m.exec(block)?.[1]?.trim() ?? 'None';
    const features = Number(/^Feature Count: (-?\d+)/m.exec(block)?.[1] ?? -1);
    // Fields follow the SRS block: "NAME: Type (w.p)".
    const fields = [
      ...block.matchAll(
        /^([^\s:][^:\n]*): (?:String|Integer|Integer64|Real|Date|DateTime|Time|Binary|StringList|IntegerList|RealList)(?:\(\w+\))? \(/gm,
      ),
    ].map((m) => m[1]!);
    return { name, type, features, fields };
  });
}

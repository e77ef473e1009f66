import { describe, expect, it } from 'vitest';
import { chooseLayer } from './ogr.ts';
import { coreName, parseLayerSummaries, recogniseParcelLayer } from './parcel-layer.ts';

const polygon = (name: string, features = -1) => ({ name, type: 'Multi Polygon', features, fields: [] });

describe('the parcel layer among several polygon layers', () => {
  it('is recognised by the names of public parcel data, MassGIS town prefixes and vintages included', () => {
    expect(coreName('M274TaxPar_CY22_FY23')).toBe('TaxPar');
    for (const name of [
      'M274TaxPar',
      'M001TaxPar_CY22_FY23',
      'tax_parcels',
      'parcel_poly',
      'PARCELS',
      'Parcels_Poly',
      'TaxParcels',
      'L3_TAXPAR_POLY',
      'tax_lots',
    ])
      expect(
        recogniseParcelLayer([polygon(name), polygon('M274OthLeg'), polygon('M274Misc'), polygon('zoning')])?.layer
          .name,
      ).toBe(name);
  });

  it('is recognised by shape when no name tells: the layer with five times the features of every other', () => {
    expect(recogniseParcelLayer([polygon('lotsA', 4000), polygon('districts', 30), polygon('wards', 9)])?.why).toMatch(
      /most features \(4000/,
    );
    // Neither a name nor a clear majority: no guess.
    expect(recogniseParcelLayer([polygon('a', 400), polygon('b', 300)])).toBeNull();
    expect(() => chooseLayer([polygon('a', 400), polygon('b', 300)], 'x.gdb')).toThrow(/--layer/);
  });

  it("reads layers, counts and fields from ogrinfo's -so -al summary", () => {
    const text = `INFO: Open of \`x.gdb' using driver \`OpenFileGDB' successful.

Layer name: M274TaxPar
Geometry: Multi Polygon
Feature Count: 302
Layer SRS WKT:
PROJCRS["NAD83 / Massachusetts Mainland"]
FID Column = OBJECTID
Geometry Column = SHAPE
LOC_ID: String (0.0)
SHAPE_Area: Real (0.0)

Layer name: M274Assess
Geometry: None
Feature Count: 302
Layer SRS WKT:
(unknown)
LOC_ID: String (0.0)
TOTAL_VAL: Integer(Int16) (0.0)
`;
    expect(parseLayerSummaries(text)).toEqual([
      { name: 'M274TaxPar', type: 'Multi Polygon', features: 302, fields: ['LOC_ID', 'SHAPE_Area'] },
      { name: 'M274Assess', type: 'None', features: 302, fields: ['LOC_ID', 'TOTAL_VAL'] },
    ]);
  });
});

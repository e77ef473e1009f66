// How the layers panel shows each catalogued tile source: name, description, how it is drawn (geometry,
// label and height attributes, opacity, display zooms), its legend, who may draw it and where its data
// comes from (fixtures' SOURCES.md). Tile URL and zoom range come from the source itself (catalog.ts).
import type { LegendEntry } from '@parcel-map/contracts/map/layers';
import { zoningTypes } from '@parcel-map/contracts/map/zoning-types';
import { floodSource, wetlandsSource } from '../../../tiles/static-sources.ts';
import type { TileSource } from '../../../tiles/tile-source.ts';
import {
  blockGroupsSource,
  blocksSource,
  buildingsSource,
  contoursSource,
  flood2010Source,
  landCoverSource,
  type LayerAccess,
  openSpaceSource,
  populationSource,
  spotElevationsSource,
} from './layer-sources.ts';
import { zoningSource } from './zoning-source.ts';

type Range = NonNullable<LegendEntry['range']>;
/** What the server sends: every legend entry names its tile values, or the numeric range it colours. */
export type ServedLegendEntry = Omit<LegendEntry, 'values' | 'range'> &
  ({ values: string[]; range?: never } | { range: Range; values?: never });

export interface LayerPresentation {
  id: string;
  name: string;
  description: string;
  /** Layer name inside the tiles and the attribute the legend colours by. */
  sourceLayer: string;
  property: string;
  docs: string;
  country: 'us' | 'ca';
  displayMaxzoom: number;
  labelMinzoom?: number;
  opacity: number;
  legend: ServedLegendEntry[];
  geometry: 'fill' | 'line' | 'circle' | 'extrusion';
  labelProperty?: string;
  heightProperty?: string;
  access: LayerAccess;
  provenance: { publisher: string; licence: string; vintage?: string; url?: string };
  note?: string;
}

// The spec: A, A99, AE, AH, AO, V, VE light blue; X orange; flood labels from zoom 12; opacity 0.7.
const floodHighRisk = '#7cc4f4';
const floodModerate = '#f59e42';

// USFWS Wetlands Mapper colours for the NWI wetland types.
const wetlandColors: [string, string][] = [
  ['Estuarine and Marine Deepwater', '#007c88'],
  ['Estuarine and Marine Wetland', '#66c2a5'],
  ['Freshwater Emergent Wetland', '#7fc31c'],
  ['Freshwater Forested/Shrub Wetland', '#008837'],
  ['Freshwater Pond', '#688cc0'],
  ['Lake', '#13007c'],
  ['Riverine', '#0190bf'],
  ['Other', '#b28653'],
];

const pddl = 'PDDL 1.0 (Open Data Commons Public Domain Dedication and License)';
const cambridgeGis = 'City of Cambridge GIS';
const cambridgeData = 'https://github.com/cambridgegis/cambridgegis_data';
const flyover = 'https://github.com/codeforboston/CambridgeOpenData';

/** Legend entries over consecutive numeric bounds: under b0, b0 to b1, ..., the last bound or more. */
function ranges(bounds: number[], colors: string[], unit: string): ServedLegendEntry[] {
  const n = (value: number) => value.toLocaleString('en-US');
  return colors.map((color, i) => {
    const [min, max] = [bounds[i - 1], bounds[i]];
    const label =
      min === undefined
        ? `Under ${n(max!)} ${unit}`
        : max === undefined
          ? `${n(min)} ${unit} or more`
          : `${n(min)} to ${n(max)} ${unit}`;
    return { label, color, range: { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) } };
  });
}

const floodLegend = (zones: string[]): ServedLegendEntry[] => [
  ...zones.map((zone) => ({ label: `Zone ${zone}`, color: floodHighRisk, values: [zone] })),
  { label: 'Zone X', color: floodModerate, values: ['X'] },
];

const existing: [TileSource, LayerPresentation][] = [
  [
    floodSource,
    {
      id: 'flood',
      name: 'FEMA Flood Zones',
      description:
        'FEMA National Flood Hazard Layer: special flood hazard areas (zones A and V, 1% annual chance) and moderate-risk zone X.',
      sourceLayer: 'flood',
      property: 'fld_zone',
      docs: 'https://www.fema.gov/flood-maps/national-flood-hazard-layer',
      country: 'us',
      displayMaxzoom: 22,
      labelMinzoom: 12,
      opacity: 0.7,
      legend: floodLegend(['A', 'A99', 'AE', 'AH', 'AO', 'V', 'VE']),
      geometry: 'fill',
      labelProperty: 'fld_zone',
      access: 'paid',
      provenance: {
        publisher: 'FEMA National Flood Hazard Layer',
        licence: 'Public domain (US Government)',
        vintage: 'DFIRM 25017C, effective 2025-07-08',
        url: 'https://www.fema.gov/flood-maps/national-flood-hazard-layer',
      },
    },
  ],
  [
    wetlandsSource,
    {
      id: 'wetlands',
      name: 'Wetlands',
      description: 'USFWS National Wetlands Inventory: wetlands and deepwater habitats by type.',
      sourceLayer: 'wetlands',
      property: 'wetland_type',
      docs: 'https://www.fws.gov/program/national-wetlands-inventory',
      country: 'us',
      displayMaxzoom: 22,
      opacity: 0.7,
      legend: wetlandColors.map(([type, color]) => ({ label: type, color, values: [type] })),
      geometry: 'fill',
      access: 'paid',
      provenance: {
        publisher: `US Fish and Wildlife Service National Wetlands Inventory; ${cambridgeGis} (2002 local inventory)`,
        licence: `Public domain (US Government); ${pddl}`,
        url: 'https://www.fws.gov/program/national-wetlands-inventory',
      },
    },
  ],
  [
    zoningSource,
    {
      id: 'zoning',
      name: 'Zoning',
      description:
        'Zoning districts with their code, name and standardized zoning type (Residential, Commercial, Mixed, Industrial, Special, Planned, Agriculture, Overlay).',
      sourceLayer: 'zoning',
      property: 'zoning_type',
      docs: 'https://www.cambridgema.gov/CDD/zoninganddevelopment/Zoning',
      country: 'us',
      displayMaxzoom: 21,
      labelMinzoom: 15,
      opacity: 0.45,
      legend: zoningTypes.map((t) => ({ label: t.type, color: t.color, values: [t.type] })),
      geometry: 'fill',
      labelProperty: 'zoning',
      access: 'everyone',
      provenance: { publisher: `${cambridgeGis} (CDD/Zoning_Districts)`, licence: pddl, url: cambridgeData },
    },
  ],
];

const census2020 = {
  publisher: `${cambridgeGis} (Demographics/Census_2020), from US Census Bureau TIGER`,
  licence: pddl,
  vintage: 'Census 2020',
  url: cambridgeData,
};

const added: [TileSource, LayerPresentation][] = [
  [
    populationSource,
    {
      id: 'population',
      name: 'Population',
      description:
        'Census tracts of Cambridge, Somerville and their neighbours: ACS 2022 population, people per square mile, and shares by age and by race and ethnicity.',
      sourceLayer: 'population',
      property: 'density',
      docs: 'https://www.census.gov/programs-surveys/acs',
      country: 'us',
      displayMaxzoom: 20,
      labelMinzoom: 12,
      opacity: 0.6,
      legend: ranges(
        [5_000, 10_000, 20_000, 30_000, 50_000],
        ['#ffffcc', '#c7e9b4', '#7fcdbb', '#41b6c4', '#2c7fb8', '#253494'],
        'people per sq mi',
      ),
      geometry: 'fill',
      labelProperty: 'name',
      access: 'everyone',
      provenance: {
        publisher: 'US Census Bureau (ACS 5-year B01001, B03002 on cb_2020 tract shapes)',
        licence: 'Public domain (US Government)',
        vintage: 'ACS 2018-2022',
        url: 'https://www.census.gov/programs-surveys/acs',
      },
    },
  ],
  [
    blockGroupsSource,
    {
      id: 'census-block-groups',
      name: 'Census Block Groups',
      description: 'Census 2020 block group outlines of Cambridge, labelled with their name.',
      sourceLayer: 'census_block_groups',
      property: 'geoid',
      docs: 'https://www.census.gov/programs-surveys/geography/about/glossary.html',
      country: 'us',
      displayMaxzoom: 20,
      labelMinzoom: 14,
      opacity: 0.9,
      legend: [{ label: 'Block group', color: '#6a51a3', range: {} }],
      geometry: 'line',
      labelProperty: 'name',
      access: 'everyone',
      provenance: census2020,
    },
  ],
  [
    blocksSource,
    {
      id: 'census-blocks',
      name: 'Census Blocks',
      description: 'Census 2020 block outlines of Cambridge, labelled with their number.',
      sourceLayer: 'census_blocks',
      property: 'geoid',
      docs: 'https://www.census.gov/programs-surveys/geography/about/glossary.html',
      country: 'us',
      displayMaxzoom: 20,
      labelMinzoom: 16,
      opacity: 0.9,
      legend: [{ label: 'Block', color: '#9e9ac8', range: {} }],
      geometry: 'line',
      labelProperty: 'name',
      access: 'everyone',
      provenance: census2020,
    },
  ],
  [
    openSpaceSource,
    {
      id: 'open-space',
      name: 'Open Space',
      description: 'Parks and open space with their name, owner and acres.',
      sourceLayer: 'open_space',
      property: 'owner_class',
      docs: 'https://www.cambridgema.gov/GIS/gisdatadictionary/Recreation/RECREATION_OpenSpace',
      country: 'us',
      displayMaxzoom: 21,
      labelMinzoom: 15,
      opacity: 0.6,
      legend: [
        { label: 'City of Cambridge', color: '#31a354', values: ['city'] },
        { label: 'School Department', color: '#74c476', values: ['school'] },
        { label: 'State', color: '#006d2c', values: ['state'] },
        { label: 'Federal', color: '#00441b', values: ['federal'] },
        { label: 'Privately owned public space', color: '#bcbddc', values: ['pops'] },
        { label: 'Private', color: '#c2a5cf', values: ['private'] },
        { label: 'Other or unknown owner', color: '#bdbdbd', values: ['other'] },
      ],
      geometry: 'fill',
      labelProperty: 'name',
      access: 'everyone',
      provenance: { publisher: `${cambridgeGis} (Recreation/Open_Space)`, licence: pddl, url: cambridgeData },
    },
  ],
  [
    landCoverSource,
    {
      id: 'land-cover',
      name: 'Land Cover',
      description:
        'Land cover of the 2018 planimetric survey: vegetation, water, parking, roads, other paved surfaces and plazas (buildings, sidewalks and tree canopy are not in it).',
      sourceLayer: 'land_cover',
      property: 'lc_class',
      docs: 'https://www.cambridgema.gov/GIS/gisdatadictionary',
      country: 'us',
      displayMaxzoom: 21,
      opacity: 0.7,
      legend: [
        { label: 'Vegetation', color: '#74c476', values: ['vegetation'] },
        { label: 'Water', color: '#6baed6', values: ['water'] },
        { label: 'Parking', color: '#969696', values: ['impervious_parking'] },
        { label: 'Road', color: '#636363', values: ['impervious_road'] },
        { label: 'Other paved', color: '#bdbdbd', values: ['impervious_other'] },
        { label: 'Plaza', color: '#d9bf77', values: ['impervious_plaza'] },
      ],
      geometry: 'fill',
      access: 'paid',
      provenance: { publisher: `${cambridgeGis} (2018 basemap)`, licence: pddl, vintage: '2018', url: cambridgeData },
    },
  ],
  [
    buildingsSource,
    {
      id: 'buildings',
      name: 'Buildings',
      description: 'Building footprints extruded by their height above the ground (feet).',
      sourceLayer: 'buildings',
      property: 'height_ft',
      docs: flyover,
      country: 'us',
      displayMaxzoom: 21,
      opacity: 0.8,
      legend: ranges([20, 40, 80, 150], ['#fee5d9', '#fcae91', '#fb6a4a', '#de2d26', '#a50f15'], 'ft'),
      geometry: 'extrusion',
      heightProperty: 'height_ft',
      access: 'paid',
      provenance: {
        publisher: `${cambridgeGis} 2010 flyover basemap, via codeforboston/CambridgeOpenData`,
        licence: `${pddl}; repository Unlicense`,
        vintage: '2010',
        url: flyover,
      },
      note: 'Partial: the 2010 flyover export holds about 1,000 of the city’s 17,000 buildings.',
    },
  ],
  [
    contoursSource,
    {
      id: 'contours',
      name: 'Contours',
      description: '5-ft contour lines, labelled with their elevation in feet.',
      sourceLayer: 'contours',
      property: 'elevation_ft',
      docs: flyover,
      country: 'us',
      displayMaxzoom: 20,
      labelMinzoom: 15,
      opacity: 0.9,
      legend: ranges([10, 20, 40], ['#c7e9c0', '#a1d99b', '#74c476', '#31a354'], 'ft'),
      geometry: 'line',
      labelProperty: 'elevation_ft',
      access: 'paid',
      provenance: {
        publisher: `Derived from the ${cambridgeGis} 2010 spot elevations`,
        licence: pddl,
        vintage: '2010',
        url: flyover,
      },
      note: 'Approximate: interpolated from the city’s 2010 spot elevations, not surveyed contours',
    },
  ],
  [
    spotElevationsSource,
    {
      id: 'spot-elevations',
      name: 'Spot Elevations',
      description: 'Surveyed spot elevations of 2010 in feet (NAVD88), by type.',
      sourceLayer: 'spot_elevations',
      property: 'spot_type',
      docs: flyover,
      country: 'us',
      displayMaxzoom: 21,
      labelMinzoom: 16,
      opacity: 0.9,
      legend: [
        { label: 'Road intersection', color: '#636363', values: ['SPOT-RD-INT'] },
        { label: 'Hill', color: '#8c510a', values: ['SPOT-HILL'] },
        { label: 'Water', color: '#3182bd', values: ['SPOT-WATER'] },
        { label: 'Other', color: '#bdbdbd', values: ['SPOT-OTHER'] },
      ],
      geometry: 'circle',
      labelProperty: 'elevation_ft',
      access: 'admin',
      provenance: {
        publisher: `${cambridgeGis} (ELEVATION/SpotElevations), via codeforboston/CambridgeOpenData`,
        licence: pddl,
        vintage: '2010',
        url: flyover,
      },
    },
  ],
  [
    flood2010Source,
    {
      id: 'flood-2010',
      name: 'FEMA Flood Zones 2010',
      description: 'The 2010 FEMA flood map of Cambridge, superseded in 2025: to compare with the current flood zones.',
      sourceLayer: 'flood_2010',
      property: 'fld_zone',
      docs: 'https://www.fema.gov/flood-maps/national-flood-hazard-layer',
      country: 'us',
      displayMaxzoom: 22,
      labelMinzoom: 12,
      opacity: 0.7,
      legend: floodLegend(['AE']),
      geometry: 'fill',
      labelProperty: 'fld_zone',
      access: 'admin',
      provenance: { publisher: 'FEMA', licence: 'Public domain (US Government)', vintage: '2010' },
      note: 'Superseded: the 2025 map is the FEMA Flood Zones layer.',
    },
  ],
];

export const presentations = new Map<TileSource, LayerPresentation>([...existing, ...added]);

// External services: basemap and terrain tiles, the insights providers (encyclopedia, Native Land,
// an OpenAI-compatible AI), property imagery, and the deployment-wide daily caps on paid calls.
import { z } from 'zod';
import { optionalText, positiveInt } from './values.ts';

export const providerVariables = {
  BASEMAP_SATELLITE_URL: optionalText.describe('Raster tile URL template for the satellite basemap'),
  BASEMAP_SATELLITE2_URL: optionalText.describe('Raster tile URL template for the satellite2 basemap'),
  TERRAIN_URL: optionalText.describe('Raster-DEM tile URL template for 3D terrain'),
  WIKIPEDIA_API_URL: optionalText.describe(
    "MediaWiki REST API base for place insights' encyclopedia extract (e.g. https://en.wikipedia.org/api/rest_v1); unset = no extract",
  ),
  NATIVE_LAND_API_URL: optionalText.describe(
    "native-land.ca API base for the insights' Native Land panel (e.g. https://native-land.ca/api); unset = empty panel",
  ),
  NATIVE_LAND_API_KEY: optionalText.describe('API key sent to NATIVE_LAND_API_URL'),
  AI_BASE_URL: optionalText.describe(
    'OpenAI-compatible API base for Ask A.I. (POST {AI_BASE_URL}/chat/completions, e.g. https://api.openai.com/v1); unset = no AI answers',
  ),
  AI_API_KEY: optionalText.describe('Bearer key sent to AI_BASE_URL'),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini').describe('Model name sent to AI_BASE_URL'),
  PROVIDER_TIMEOUT_MS: positiveInt
    .default(5000)
    .describe('Timeout of one call to an external insights provider (encyclopedia, Native Land; the AI gets 6x this)'),
  IMAGERY_STREET_URL: optionalText.describe(
    'Street-level image URL template fetched by the server ({lat}, {lon}, {heading}, {key}); unset = imagery is not configured',
  ),
  IMAGERY_BIRDSEYE_URL: optionalText.describe(
    "Bird's eye image URL template fetched by the server ({lat}, {lon}, {angle}, {key}); unset = not configured",
  ),
  IMAGERY_KEY: optionalText.describe('Provider key put into {key} of the imagery URL templates (stays on the server)'),
  IMAGERY_DAILY_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(2000)
    .describe(
      'Property images the whole deployment fetches from the provider per UTC day, every caller together (503 beyond; 0 = no cap)',
    ),
  AI_DAILY_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(500)
    .describe(
      'Ask A.I. provider calls the whole deployment makes per UTC day (cached answers are free; 503 beyond; 0 = no cap)',
    ),
};

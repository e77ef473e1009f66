// The server's side of the source-definition check: a definition with problems is a 400 that lists
// them, so every route that accepts a definition answers the same way.
import { checkDefinition, type SourceDefinition } from '@parcel-map/contracts/map/source-definition';
import { checkLayerDefinition, type LayerSourceDefinition } from '@parcel-map/contracts/map/layer-source-definition';
import { ApiError } from '../../errors.ts';

export function validateDefinition(body: unknown): SourceDefinition {
  const { definition, problems } = checkDefinition(body);
  if (problems.length > 0) throw new ApiError('BAD_REQUEST', problems.join('; '), { problems });
  return definition;
}

/** The same for a buildings or zoning definition. */
export function validateLayerDefinition(body: unknown): LayerSourceDefinition {
  const { definition, problems } = checkLayerDefinition(body);
  if (problems.length > 0) throw new ApiError('BAD_REQUEST', problems.join('; '), { problems });
  return definition;
}

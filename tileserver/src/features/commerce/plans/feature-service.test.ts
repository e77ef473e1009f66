// The plans file's feature service (the spec's `featureservice` plan class): it is there, validated at
// load, opened only by API plans the file defines, and its record limit per request is a real number.
import { describe, expect, it } from 'vitest';
import { apiPlanById, featureService } from './api-plans.ts';

describe('the feature service in the plans file', () => {
  it('is the featureservice plan class, opened by API plans of the same file', () => {
    expect(featureService.plan_class).toBe('featureservice');
    expect(featureService.name).toBe('Feature Service');
    expect(featureService.api_plans.length).toBeGreaterThan(0);
    for (const plan of featureService.api_plans) expect(apiPlanById.has(plan), plan).toBe(true);
    expect(featureService.limits.max_records_per_request).toBe(2000);
    expect(featureService.included.join(' ')).toMatch(/ESRI-compatible feature service/);
  });
});

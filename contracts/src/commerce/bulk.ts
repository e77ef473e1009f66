// The bulk data licence enquiry (the /bulk page's form, POST /bulk/requests): who asks, for which
// states, and why. Shared with the viewer, which shows the same messages before sending.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';
import { emailAddress } from '../people/accounts.ts';

export const bulkScopes = ['nationwide', 'multi_state', 'states'] as const;
export type BulkScope = (typeof bulkScopes)[number];

export const bulkScopeLabels: Record<BulkScope, string> = {
  nationwide: 'Nationwide (every state we cover)',
  multi_state: 'Several states',
  states: 'One state',
};

const stateCode = boundedString(2).regex(/^[a-z]{2}$/, 'A state is its two-letter code, such as ma');

export const bulkRequestBody = z
  .object({
    name: boundedString(200, 'Your name is at most 200 characters').trim().min(2, 'Enter your name'),
    email: emailAddress,
    organization: boundedString(200, 'The organization is at most 200 characters').trim().default(''),
    scope: z.enum(bulkScopes, { message: 'Choose nationwide, several states or one state' }),
    states: z.array(stateCode).max(60, 'Choose at most 60 states').default([]),
    use_case: boundedString(4000, 'Say how you will use the data in at most 4,000 characters').trim().default(''),
  })
  .strict()
  .refine((b) => b.scope === 'nationwide' || b.states.length > 0, {
    message: 'Choose the states you want licensed',
    path: ['states'],
  });
export type BulkRequestBody = z.output<typeof bulkRequestBody>;

/** One stored enquiry as the admin list shows it. */
export const bulkRequestRow = z.object({
  name: z.string(),
  email: z.string(),
  organization: z.string(),
  scope: z.enum(bulkScopes),
  states: z.array(z.string()),
  use_case: z.string(),
  created_at: z.string(),
});
export type BulkRequestRow = z.infer<typeof bulkRequestRow>;

/** GET /admin/bulk_requests.json */
export const bulkRequestsAnswer = z.object({ requests: z.array(bulkRequestRow) });

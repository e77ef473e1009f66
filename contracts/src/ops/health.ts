// The answer of GET /api/health: whether the database answers and its migration version; admins also
// get row counts of the main tables.
import { z } from 'zod';

export const healthReport = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    reachable: z.boolean(),
    migrationVersion: z.union([z.number(), z.string()]).nullable(),
    error: z.string().optional(),
  }),
  tables: z.record(z.string(), z.number()).optional(),
});

export type HealthReport = z.infer<typeof healthReport>;

// Values the global setup hands to every test file through inject().
declare module 'vitest' {
  export interface ProvidedContext {
    /** The serving role's URL (no superuser): what the server's pools use. */
    databaseUrl: string;
    /** The owner's URL: for tests that create, alter or drop schema objects, or make databases. */
    ownerDatabaseUrl: string;
    adminDatabaseUrl: string;
  }
}
export {};

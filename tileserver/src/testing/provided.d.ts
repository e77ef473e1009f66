// Values the global setup hands to every test file through inject().
declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    adminDatabaseUrl: string;
  }
}
export {};

// Types of check-imports.mjs (plain JavaScript so that `npm run check` runs it without a build step).
export interface Target {
  path?: string;
  relative?: boolean;
  pkg?: string;
}
export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}
export interface AllowlistEntry {
  from: string;
  to: string;
  reason: string;
}
export declare const sourceRoots: string[];
export declare const generatedFiles: string[];
export declare const maxLines: number;
export declare const serverLowerLayers: string[];
export declare const serverEntryPoints: string[];
export declare const allowlist: AllowlistEntry[];
export declare function listSourceFiles(root?: string): string[];
export declare function isTestFile(file: string): boolean;
export declare function resolveSpecifier(file: string, specifier: string): Target;
export declare function brokenRule(file: string, target: Target): string | undefined;
export declare function findViolations(options?: { root?: string; files?: string[]; allowed?: AllowlistEntry[] }): {
  violations: Violation[];
  stale: AllowlistEntry[];
};

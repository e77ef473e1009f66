// Types of check-packages.mjs (plain JavaScript so that it runs like run.mjs, before any build).
export function packageOf(specifier: string): string | undefined;
export function importedPackages(source: string): Set<string>;
export function isTestOnly(path: string): boolean;
export function checkPackages(root: string): string[];

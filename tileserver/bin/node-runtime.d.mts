// Types of node-runtime.mjs (plain JavaScript so that it runs on old Node before any install).
export interface RuntimePackage {
  name: string;
  integrity: string;
}
export interface InstallRequest extends RuntimePackage {
  version: string;
  dir: string;
}
export declare const pinnedRuntime: { version: string; packages: Record<string, RuntimePackage> };
export declare const minimumNode: [number, number];
export declare function isTooOld(version: string): boolean;
export declare function runtimeDir(root: string, arch: string): string;
export declare function chooseRuntime(options: {
  root: string;
  version: string;
  arch: string;
  platform: string;
  install: (request: InstallRequest) => void;
  log: (line: string) => void;
}): string | null;
export declare function installFromRegistry(request: InstallRequest): void;
export declare function runtimeEnv(node: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;

export interface FreshBuildOptions {
  /** Names the stamp, `.cache/builds/<name>.json`. */
  name: string;
  /** Files or folders (from the repository's root, or absolute) the build reads; tests left out. */
  inputs: string[];
  /** Files or folders it writes. */
  outputs: string[];
  /** Builds; may resolve to more files it read (the modules a bundler reports). */
  build: () => Promise<string[] | void>;
  force?: boolean;
  log?: (line: string) => void;
}

/** Runs `build` unless a build from the same inputs left its outputs unchanged; resolves to whether it built. */
export function freshBuild(options: FreshBuildOptions): Promise<boolean>;
/** A bundler's module id as a file of the repository, or null for a virtual module. */
export function moduleFile(id: string): string | null;

/** Builds the console's pages into static/ unless a build from the same files is there; resolves to whether it built. */
export function buildConsole(options?: { force?: boolean; log?: (line: string) => void }): Promise<boolean>;

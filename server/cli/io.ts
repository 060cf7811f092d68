/** What a command reads and writes: the process's streams and environment, or a test's. */
export interface Io {
  stdout: { write(text: string): unknown };
  stderr: { isTTY?: boolean; write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  /** What `-` reads as a file (`rules put ID -`). */
  stdin?: AsyncIterable<string | Buffer>;
}

/**
 * What every command of the project does with its arguments: `--help` (or `-h`) prints
 * its usage and exits 0; a bad flag prints one line naming it, with a pointer to `--help`,
 * and exits 2. `parse` reads the arguments (node's `parseArgs` and any checks of its own)
 * and throws an Error whose message is that line.
 */
export interface Command {
  /** The prefix of its messages, e.g. `serve`. */
  name: string;
  /** How it is called, e.g. `npm run serve --`: the error line points to `<invocation> --help`. */
  invocation: string;
  usage: string;
}

export function commandLine<T>(command: Command, parse: (args: string[]) => T, args: string[] = process.argv.slice(2)): T {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(command.usage.endsWith('\n') ? command.usage : `${command.usage}\n`);
    process.exit(0);
  }
  try {
    return parse(args);
  } catch (error) {
    const line = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    console.error(`${command.name}: ${line} (see ${command.invocation} --help)`);
    process.exit(2);
  }
}

import { parseArgs } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandLine, type Command } from './commandLine.ts';

const COMMAND: Command = { name: 'demo', invocation: 'npm run demo --', usage: 'Usage: npm run demo -- [--n N]' };
const parse = (args: string[]) => {
  const { values } = parseArgs({ args, options: { n: { type: 'string', default: '1' } } });
  if (!/^\d+$/.test(values.n)) throw new Error(`--n must be a number (got '${values.n}')`);
  return Number(values.n);
};

/** Runs `commandLine` with `args`; process.exit throws instead, carrying the code. */
function call(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw Object.assign(new Error('exit'), { code });
  });
  try {
    return { value: commandLine(COMMAND, parse, args), out, err };
  } catch (error) {
    return { code: (error as { code: number }).code, out, err };
  }
}

describe('commandLine', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives what parse returns', () => {
    expect(call(['--n', '7'])).toEqual({ value: 7, out: [], err: [] });
  });

  it('prints the usage for --help and -h, ending in a newline, and exits 0', () => {
    for (const flag of ['--help', '-h']) {
      expect(call(['--n', 'x', flag])).toEqual({ code: 0, out: ['Usage: npm run demo -- [--n N]\n'], err: [] });
    }
  });

  it('prints one line naming the bad flag, with the way to the help, and exits 2', () => {
    expect(call(['--n', 'x'])).toEqual({ code: 2, out: [], err: ["demo: --n must be a number (got 'x') (see npm run demo -- --help)"] });
    const unknown = call(['--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toHaveLength(1);
    expect(unknown.err[0]).toMatch(/^demo: Unknown option '--bogus'.* \(see npm run demo -- --help\)$/);
  });
});

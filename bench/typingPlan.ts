/**
 * What the typing benchmark types: real queries from the demo corpus's titles, and for
 * each the keys with the pause before each one, at human speed with a few typos
 * corrected on the spot. Pure and seeded, so every run types the same thing.
 */
import { randomInt, seededRandom } from '../demo/seededRandom.ts';

export interface Keystroke {
  /** A character, or `Backspace`. */
  key: string;
  /** Milliseconds to wait before pressing it. */
  delayMs: number;
}

export interface TypingOptions {
  /** Pause range between keys. @default [60, 200] */
  delayMs?: [number, number];
  /** Chance that a key is first mistyped, then corrected. @default 0.04 */
  typoRate?: number;
}

const NEIGHBOURS = 'qwertyuiopasdfghjklzxcvbnm';

/** `count` distinct queries of one or two words taken from the titles, chosen by `seed`. */
export function pickQueries(titles: readonly string[], count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const queries = new Set<string>();
  const candidates = titles
    .map((t) =>
      t
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => w.length >= 3),
    )
    .filter((w) => w.length > 0);
  if (candidates.length === 0) return [];
  for (let tries = 0; queries.size < count && tries < count * 50; tries++) {
    const words = candidates[Math.floor(random() * candidates.length)]!;
    const start = Math.floor(random() * words.length);
    const two = random() < 0.4 && start + 1 < words.length;
    queries.add(two ? `${words[start]} ${words[start + 1]}` : words[start]!);
  }
  return [...queries];
}

/** The keystrokes that type `query`, with the pauses and corrections. */
export function typingPlan(query: string, seed: number, options: TypingOptions = {}): Keystroke[] {
  const [min, max] = options.delayMs ?? [60, 200];
  const typoRate = options.typoRate ?? 0.04;
  const random = seededRandom(seed);
  const keys: Keystroke[] = [];
  const press = (key: string) => keys.push({ key, delayMs: keys.length === 0 ? 0 : randomInt(random, min, max) });
  for (const char of query) {
    if (char !== ' ' && random() < typoRate) {
      press(NEIGHBOURS[Math.floor(random() * NEIGHBOURS.length)]!);
      press('Backspace');
    }
    press(char);
  }
  return keys;
}

/** The text a plan leaves in the field. */
export function typedText(keys: readonly Keystroke[]): string {
  let text = '';
  for (const { key } of keys) text = key === 'Backspace' ? text.slice(0, -1) : text + key;
  return text;
}

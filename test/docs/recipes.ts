/**
 * The docs' own code blocks, by the `<!-- recipe: name -->` line before each: the tests
 * in this folder run them as written, so a recipe cannot drift from the code.
 */
import { resolve } from 'node:path';
import { inject } from 'vitest';
import { root } from './blocks.ts';

export { recipe, root } from './blocks.ts';
export const apiBase = inject('apiBase');

/** A shell command line of a block as its words (backslash line continuations joined; no quoting beyond "…"). */
export function words(line: string): string[] {
  return [...line.replace(/\\\n\s*/g, ' ').trim().matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

/** `npx storefront-widgets …` as the tests run it: the package's bin from its source. */
export function binArgs(command: string[]): string[] {
  if (command[0] !== 'npx' || command[1] !== 'storefront-widgets') throw new Error(`not the package's command: ${command.join(' ')}`);
  return ['--import', 'tsx', resolve(root, 'src/edge/cli.ts'), ...command.slice(2)];
}

/** `command` with each placeholder of the docs replaced by the test's own value. */
export function substitute(command: string[], values: Record<string, string>): string[] {
  return command.map((word) => values[word] ?? word);
}

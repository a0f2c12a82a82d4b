/** `--name N` from the command line: a whole number of at least 0, else `fallback`. */
export function numberOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at < 0 ? Number.NaN : Number(process.argv[at + 1]);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** Plain-text tables and number formats for the bench's output. */

export function table(head: string[], rows: (string | number)[][], align: ('l' | 'r')[] = []): string {
  const cells = [head, ...rows.map((row) => row.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => (align[i] === 'r' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...cells.slice(1).map(line)].join('\n');
}

export const bytes = (n: number) => `${Math.round(n).toLocaleString('en-US')} B`;
export const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n).toLocaleString('en-US')} ms` : 'n/a');
export const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** `+1,234 B`, `-12 ms`, `+0.012`: a difference with its sign. */
export function signed(n: number, format: (n: number) => string): string {
  if (!Number.isFinite(n)) return 'n/a';
  const text = format(Math.abs(n));
  return n > 0 ? `+${text}` : n < 0 ? `-${text}` : text;
}

export const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const worst = (values: number[]) => Math.max(...values);

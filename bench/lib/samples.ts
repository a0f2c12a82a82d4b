import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import type { CallFrame, TraceEvent } from './trace.ts';

/** One sample of the V8 profiler in a trace: when, and the profile node it was in. */
export interface Sample {
  ts: number;
  frame: CallFrame | undefined;
}

/**
 * The sampling profiler's samples of one renderer process (`pid`), in time order, from a
 * trace recorded with `disabled-by-default-v8.cpu_profiler`. `onMain` picks the main
 * thread's profiles (the browser's own pages profile too, with ids that repeat across processes).
 */
export function samplesOf(events: readonly TraceEvent[], pid: number, onMain: (e: TraceEvent) => boolean): Sample[] {
  const frames = new Map<number, CallFrame>();
  const raw: { ts: number; node: number }[] = [];
  const starts = new Map<string, number>();
  for (const e of events) if (e.name === 'Profile' && onMain(e) && e.id) starts.set(e.id, e.args?.data?.startTime ?? e.ts);
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !e.id || !starts.has(e.id) || !e.args?.data) continue;
    for (const node of e.args.data.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame);
    let ts = clock.get(e.id) ?? starts.get(e.id)!;
    const deltas = e.args.data.timeDeltas ?? [];
    (e.args.data.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      raw.push({ ts, node });
    });
    clock.set(e.id, ts);
  }
  return raw.sort((a, b) => a.ts - b.ts).map(({ ts, node }) => ({ ts, frame: frames.get(node) }));
}

/** Self time (µs) per function between `from` and `to` (trace µs), named by `name`. */
export function selfTimes(samples: readonly Sample[], from: number, to: number, name: (frame: CallFrame | undefined) => string): Map<string, number> {
  const self = new Map<string, number>();
  for (let i = 0; i < samples.length - 1; i++) {
    const sample = samples[i]!;
    if (sample.ts < from || sample.ts >= to) continue;
    const label = name(sample.frame);
    self.set(label, (self.get(label) ?? 0) + (samples[i + 1]!.ts - sample.ts));
  }
  return self;
}

/** `file:line function` in the original sources, through the source maps beside the built files in `dist` (frames served from any origin). */
export function sourceNamer(dist: string): (frame: CallFrame | undefined) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (frame) => {
    if (!frame) return '?';
    const path = (frame.url ?? '').replace(/^https?:\/\/[^/]+\//, '');
    if (!frame.url?.startsWith('http') || path === '') return frame.functionName || `(${frame.url || 'native'})`;
    if (!maps.has(path)) {
      const file = join(dist, `${path}.map`);
      maps.set(path, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    const at = maps.get(path)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!at?.source) return `${path} ${frame.functionName}`;
    const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
    return `${source}:${at.line} ${at.name ?? frame.functionName}`;
  };
}

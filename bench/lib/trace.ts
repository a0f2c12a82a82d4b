/** Chromium trace events as the benches read them (`browser.startTracing`/`stopTracing`). */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what the task cost, without the time the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    data?: {
      documentLoaderURL?: string;
      url?: string;
      startTime?: number;
      cpuProfile?: { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** What a task does, for saying what it mostly did: script, style, layout, paint, GC… */
export const TASK_PARTS =
  /^(v8\.compile|v8\.evaluateModule|EvaluateScript|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|ParseHTML|UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|Commit|Decode Image|MinorGC|MajorGC|IntersectionObserverController::computeIntersections)$/;

/** The last navigation to `url` in a trace: its process and main thread are the page's. */
export function navigationTo(events: readonly TraceEvent[], url: string): TraceEvent | undefined {
  return events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url).at(-1);
}

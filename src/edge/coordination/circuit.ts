/**
 * A circuit breaker in front of the shared engine: every call has a deadline; `failures`
 * in a row that fail or miss it open the circuit (a lost connection at once), and while
 * it is open no call is made (the
 * instance works on its own: its share of the budget, its own memory). A probe, run by
 * the owner every `probeEveryMs`, closes it again once the engine answers.
 */
export class CircuitOpenError extends Error {
  constructor(reason: string) {
    super(`storefront-widgets/edge: the shared store is not answering (${reason})`);
  }
}

export interface Circuit {
  /** `op`, within `timeoutMs`; rejects at once while open. */
  call<T>(op: () => Promise<T>): Promise<T>;
  /** Runs `probe` (bypassing the circuit, same deadline) and closes the circuit when it succeeds. */
  probe(probe: () => Promise<unknown>): Promise<boolean>;
  open(reason: string): void;
  readonly closed: boolean;
  /** Times it opened: failures seen. */
  readonly opened: number;
}

export function createCircuit({ timeoutMs, failures = 2, onChange }: { timeoutMs: number; failures?: number; onChange?: (closed: boolean, reason: string) => void }): Circuit {
  let closed = false;
  let inARow = 0;
  let opened = 0;
  let reason = 'not connected yet';

  const deadline = <T>(op: () => Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      // Once more round the event loop before failing: after a stall of the loop (a busy
      // process), the timer fires before the answer that came meanwhile is read.
      timer = setTimeout(() => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), 0)), timeoutMs);
    });
    return Promise.race([op(), late]).finally(() => clearTimeout(timer));
  };

  const open = (why: string): void => {
    reason = why;
    if (!closed) return;
    closed = false;
    opened++;
    onChange?.(false, why);
  };

  return {
    async call(op) {
      if (!closed) throw new CircuitOpenError(reason);
      try {
        const result = await deadline(op);
        inARow = 0;
        return result;
      } catch (error) {
        if (++inARow >= failures) open(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    async probe(probe) {
      try {
        await deadline(probe);
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
        return false;
      }
      if (!closed) {
        closed = true;
        inARow = 0;
        onChange?.(true, 'answering');
      }
      return true;
    },
    open,
    get closed() {
      return closed;
    },
    get opened() {
      return opened;
    },
  };
}

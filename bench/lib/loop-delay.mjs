// Preloaded into the proxy's process by bench/attack.ts: its event-loop delay, each second, on stdout.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
setInterval(() => {
  process.stdout.write(`loop-delay ${Date.now()} ${(histogram.percentile(99) / 1e6).toFixed(1)} ${(histogram.max / 1e6).toFixed(1)}\n`);
  histogram.reset();
}, 1000).unref();

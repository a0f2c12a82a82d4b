import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromiumArgs, chromiumExecutable } from '../../test/setup/chromium.ts';

/**
 * Lighthouse (the CLI of the `lighthouse` dev dependency, in a child process) against a
 * URL with the system Chromium: `CHROME_PATH` set to it, the test setup's Chromium flags
 * plus `--headless=new`, performance category only, Lighthouse's default settings
 * otherwise (mobile form factor, simulated throttling). The JSON report is kept under
 * `.lighthouse/`.
 */
export interface LighthouseRun {
  cls: number;
  tbt: number;
  lcp: number;
  /** LCP as the run saw it, without the simulation (no throttling), and the LCP image's render delay then. */
  observedLcp: number;
  lcpRenderDelay: number;
  fcp: number;
  speedIndex: number;
  score: number;
  lcpElement: string;
  throttling: string;
  benchmarkIndex: number;
  warnings: string[];
  /** CPU time of the widgets' script (bootup-time audit, simulated). */
  widgetsCpu: { total: number; scripting: number; parse: number } | undefined;
  /** The longest main-thread tasks (long-tasks audit): duration and the script they are put down to. */
  longTasks: { duration: number; url: string }[];
  report: string;
}

const require = createRequire(import.meta.url);
const CLI = join(require.resolve('lighthouse/package.json').replace(/package\.json$/, ''), 'cli/index.js');

interface Item {
  items?: { node?: { snippet?: string }; subpart?: string; duration?: number }[];
  node?: { snippet?: string };
  url?: string;
  total?: number;
  scripting?: number;
  scriptParseCompile?: number;
  duration?: number;
}

interface Lhr {
  audits: Record<string, { numericValue?: number; details?: { items?: (Item & { observedLargestContentfulPaint?: number })[] } }>;
  categories: { performance?: { score: number | null } };
  configSettings: { formFactor: string; throttlingMethod: string; throttling: { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number }; screenEmulation: { width: number; height: number } };
  environment: { benchmarkIndex: number };
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
}

let current: ReturnType<typeof spawn> | undefined;

/** Stops a Lighthouse run in progress (SIGINT: the CLI then closes its Chromium). */
export function stopLighthouse(): void {
  if (current && current.exitCode === null) current.kill('SIGINT');
}

export async function lighthouse(url: string, name: string, timeoutMs = 240_000): Promise<LighthouseRun> {
  mkdirSync('.lighthouse', { recursive: true });
  const output = join('.lighthouse', `${name}.report.json`);
  const chrome = chromiumExecutable();
  const args = [
    CLI,
    url,
    '--output=json',
    `--output-path=${output}`,
    '--only-categories=performance',
    // The bench's own certificate (lib/server.ts).
    `--chrome-flags=${[...chromiumArgs, '--headless=new', '--ignore-certificate-errors'].join(' ')}`,
    '--quiet',
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) } });
  current = child;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000).unref();
      reject(new Error(`Lighthouse ${name}: no result within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  current = undefined;
  if (code !== 0) throw new Error(`Lighthouse ${name} exited with ${code}: ${stderr.trim().split('\n').slice(-5).join('\n')}`);
  const lhr = JSON.parse(readFileSync(output, 'utf8')) as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse ${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const s = lhr.configSettings;
  const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
  const widgets = lhr.audits['bootup-time']?.details?.items?.find((item) => item.url?.includes('storefront-widgets'));
  const path = (url: string | undefined) => (url && /^https?:/.test(url) ? new URL(url).pathname : (url ?? '?'));
  const lcpNode = lcpItem?.items?.[0]?.node ?? lcpItem?.node;
  return {
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    lcp: value('largest-contentful-paint'),
    observedLcp: lhr.audits['metrics']?.details?.items?.[0]?.observedLargestContentfulPaint ?? Number.NaN,
    lcpRenderDelay: lhr.audits['lcp-breakdown-insight']?.details?.items?.[0]?.items?.find((part) => part.subpart === 'elementRenderDelay')?.duration ?? Number.NaN,
    fcp: value('first-contentful-paint'),
    speedIndex: value('speed-index'),
    score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
    lcpElement: lcpNode?.snippet ?? '?',
    throttling: `${s.formFactor}, ${s.screenEmulation.width}×${s.screenEmulation.height}, ${s.throttlingMethod} throttling (RTT ${s.throttling.rttMs} ms, ${s.throttling.throughputKbps} kbit/s, CPU ×${s.throttling.cpuSlowdownMultiplier})`,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    widgetsCpu: widgets ? { total: widgets.total ?? 0, scripting: widgets.scripting ?? 0, parse: widgets.scriptParseCompile ?? 0 } : undefined,
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
      .map((item) => ({ duration: item.duration ?? 0, url: path(item.url) }))
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5),
    report: output,
  };
}

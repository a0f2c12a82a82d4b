import { nextTask } from './time-slice.js';

/** True while `customElements.define` upgrades the elements already in the page (`upgradingPage`). */
export let upgrading = false;

/**
 * True from a definition (`upgradingPage`) to the end of its task: what the upgraded
 * elements start in the microtasks after it (a part of theirs that came with their code,
 * such as the full review summary's read) belongs to the definition's task too.
 */
export let definitionTask = false;

/**
 * Runs `define`, marking the elements it upgrades as the page's own: written in its HTML,
 * or added before the element's code arrived. The script tag loads the code after the
 * page's load event, so `readyState` alone would tell those apart from a single-page
 * app's later views, and a review list at the foot of the page would render during load.
 * Their reads, too, start in later tasks (query-controller.ts): one definition upgrades
 * every instance in one task.
 */
export function upgradingPage(define: () => void): void {
  upgrading = definitionTask = true;
  void nextTask().then(() => (definitionTask = false));
  try {
    define();
  } finally {
    upgrading = false;
  }
}

import { ReactiveElement } from 'lit';
import { afterEach, describe, expect, it } from 'vitest';
import { ViewTracker } from '../../src/controllers/view-tracker.ts';

/**
 * The view tracker in a real Chromium, on a host of its own: what the elements' `svc-widget-view`
 * (and the gallery's lightbox, prepared on it) rest on.
 */
class ViewHost extends ReactiveElement {
  readonly seen: string[] = [];
  readonly tracker = new ViewTracker(this, { targets: () => [this], key: () => 'widget', dwell: 0, onView: (_node, key) => this.seen.push(key) });
}
customElements.define('test-view-host', ViewHost);

const frames = (count: number) => new Promise<void>((done) => {
  const next = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
  next(count);
});

afterEach(() => document.body.replaceChildren());

/**
 * A host in view with no box when the observer first looks, a few frames after it connects
 * (an element whose first render waits: for its settings, its turn or its language's strings).
 */
async function boxlessHost(): Promise<ViewHost> {
  const host = document.createElement('test-view-host') as ViewHost;
  host.style.cssText = 'display: block; height: 0';
  document.body.append(host);
  await frames(3);
  expect(host.seen).toEqual([]);
  return host;
}

describe('ViewTracker', () => {
  it('reports a node in view that had no box when the observer first looked, once it renders one', async () => {
    const host = await boxlessHost();
    // Its first render gives it a box, in full view: a threshold of the observer's it does not cross.
    host.style.height = '200px';
    host.requestUpdate();
    await expect.poll(() => host.seen, { timeout: 3_000 }).toEqual(['widget']);
  });

  it('reports it too when its box comes from the page alone, with no update of the host', async () => {
    const host = await boxlessHost();
    host.style.height = '200px';
    await expect.poll(() => host.seen, { timeout: 3_000 }).toEqual(['widget']);
  });

  it('does not report a node that has its box out of view, until it is scrolled into view', async () => {
    const spacer = document.createElement('div');
    spacer.style.height = '300vh';
    document.body.append(spacer);
    const host = await boxlessHost();
    host.style.height = '200px';
    await frames(5);
    expect(host.seen).toEqual([]);
    host.scrollIntoView();
    await expect.poll(() => host.seen, { timeout: 3_000 }).toEqual(['widget']);
  });
});

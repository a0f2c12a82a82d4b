import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../src/api/types.ts';
import { CHUNK, PacedRender } from '../../src/elements/post-gallery/paced-render.ts';

/** How many tiles the gallery renders per task: sized by how long the last ones took, on the device itself. */
const posts = Array.from({ length: 60 }, (_, i) => ({ id: `pst_${i}` }) as Post);
/** The clock the gallery reads its render times from, moved by hand. */
let now = 0;

function gallery() {
  const host = { addController: vi.fn(), removeController: vi.fn(), requestUpdate: vi.fn(), updateComplete: Promise.resolve(true) };
  const paced = new PacedRender(host);
  /** One update of the gallery that takes `ms` to render. */
  const update = (ms: number, inView = true) => {
    paced.pace(posts, 4, 800, inView);
    now += ms;
    paced.hostUpdated();
  };
  return { host, paced, update };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('PacedRender', () => {
  it('renders one row first when the gallery was not in the first viewport, a screenful when it was', () => {
    const below = gallery();
    below.paced.pace(posts, 4, 800, false);
    expect(below.paced.rendered).toBe(4);
    const above = gallery();
    above.paced.pace(posts, 4, 800, true);
    expect(above.paced.rendered).toBeGreaterThanOrEqual(8);
  });

  it('renders fewer tiles a task where tiles render slowly, and more where they render fast, up to CHUNK', () => {
    const { paced, update, host } = gallery();
    update(40, false); // 4 tiles in 40 ms: 10 ms a tile, as on a slow phone
    vi.advanceTimersToNextTimer();
    expect(paced.rendered).toBe(5); // one tile in the next task
    expect(host.requestUpdate).toHaveBeenCalledTimes(1);
    update(0.5); // that tile took 0.5 ms: 16 would fit 8 ms, CHUNK at most
    vi.advanceTimersToNextTimer();
    expect(paced.rendered).toBe(5 + CHUNK);
    update(4); // 12 tiles in 4 ms: 24 would fit, CHUNK at most
    vi.advanceTimersToNextTimer();
    expect(paced.rendered).toBe(5 + 2 * CHUNK);
    update(24); // 12 tiles in 24 ms: 2 ms a tile, 4 fit in 8 ms
    vi.advanceTimersToNextTimer();
    expect(paced.rendered).toBe(5 + 2 * CHUNK + 4);
  });

  it('stops when every post is rendered', () => {
    const { paced, update } = gallery();
    for (let i = 0; i < 100 && paced.rendered < posts.length; i++) {
      update(0.1);
      vi.advanceTimersToNextTimer();
    }
    expect(paced.rendered).toBe(posts.length);
    update(0.1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

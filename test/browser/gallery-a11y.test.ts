import axe from 'axe-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import type { SvcPostGallery } from '../../src/elements/post-gallery/svc-post-gallery.ts';
import { testKey } from '../support/emulator-control.ts';

/** axe-core (WCAG 2.0–2.2 A and AA) over the gallery in each layout and over its open lightbox. */
const apiBase = inject('apiBase');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

afterEach(() => {
  document.body.replaceChildren();
});

async function violations(context: axe.ElementContext): Promise<string[]> {
  const results = await axe.run(context, { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] });
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`));
}

async function mount(attributes: Record<string, string>): Promise<SvcPostGallery> {
  const element = document.createElement('svc-post-gallery');
  const key = await testKey(apiBase, 'gallery_a11y');
  for (const [name, value] of Object.entries({ 'publishable-key': key, market: 'us', 'api-base': apiBase, ...attributes })) element.setAttribute(name, value);
  element.style.cssText = 'display: block; width: 720px; font-family: system-ui, sans-serif';
  document.body.append(element);
  await expect.poll(() => element.shadowRoot!.querySelectorAll('button.tile').length, { timeout: 10_000 }).toBe(Number(attributes['page-size']));
  return element;
}

describe('accessibility', () => {
  for (const layout of ['grid', 'carousel', 'masonry']) {
    it(`${layout}: no axe violations`, async () => {
      const element = await mount({ layout, 'page-size': '8' });
      expect(await violations(element)).toEqual([]);
    });
  }

  it('the open lightbox (photo and video): no axe violations', async () => {
    const element = await mount({ 'page-size': '24' });
    const tiles = [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.tile')];
    for (const tile of [tiles.find((t) => /^Photo/.test(t.getAttribute('aria-label') ?? ''))!, tiles.find((t) => /^Video/.test(t.getAttribute('aria-label') ?? ''))!]) {
      tile.click();
      const dialog = () => element.shadowRoot!.querySelector('svc-post-lightbox')?.shadowRoot?.querySelector('dialog');
      await expect.poll(() => dialog()?.open, { timeout: 10_000 }).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await violations(element)).toEqual([]);
      dialog()!.close();
      await expect.poll(() => dialog()?.open).toBe(false);
      // Out of the top layer too, where it would take every click.
      await expect.poll(() => dialog()!.matches(':popover-open')).toBe(false);
    }
  });
});

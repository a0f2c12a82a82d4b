import { afterEach, describe, expect, inject, it } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import type { SvcPostGallery } from '../../src/elements/post-gallery/svc-post-gallery.ts';
import { testKey } from '../support/emulator-control.ts';

/**
 * The gallery's lightbox against the emulator: loaded on first open, navigation across
 * a page boundary, keyboard-only use, videos, reduced motion, product selection, and
 * screenshots of the open lightbox (gitignored `screenshots/`).
 */
const apiBase = inject('apiBase');
afterEach(async () => {
  document.body.replaceChildren();
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: '' }] });
});

/** A gallery with a key of its own, so that no test reads another's cached pages. */
async function mount(attributes: Record<string, string>): Promise<SvcPostGallery> {
  const key = await testKey(apiBase, 'gallery_lightbox');
  const element = document.createElement('svc-post-gallery');
  for (const [name, value] of Object.entries({ 'publishable-key': key, market: 'us', 'api-base': apiBase, ...attributes })) element.setAttribute(name, value);
  element.style.cssText = 'display: block; max-width: 960px; margin: 24px auto; font-family: system-ui, sans-serif';
  document.body.append(element);
  return element;
}

const tiles = (element: SvcPostGallery) => [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.tile')];
const lightbox = (element: SvcPostGallery) => element.shadowRoot!.querySelector('svc-post-lightbox');
const dialog = (element: SvcPostGallery) => lightbox(element)?.shadowRoot?.querySelector('dialog') ?? null;
const shownPost = (element: SvcPostGallery) => lightbox(element)?.shadowRoot?.querySelector<HTMLElement>('.card')?.dataset['postId'];

async function waitForTiles(element: SvcPostGallery, count: number): Promise<HTMLButtonElement[]> {
  await expect.poll(() => tiles(element).length, { timeout: 10_000 }).toBe(count);
  return tiles(element);
}

async function waitOpen(element: SvcPostGallery): Promise<HTMLDialogElement> {
  await expect.poll(() => dialog(element)?.open, { timeout: 10_000 }).toBe(true);
  return dialog(element)!;
}

/** Escape closes the open lightbox; waits until it has. */
async function closeByEscape(element: SvcPostGallery): Promise<void> {
  await userEvent.keyboard('{Escape}');
  await expect.poll(() => lightbox(element)?.open).toBe(false);
}

/** Opens a tile's post and closes it again (a first open loads the lightbox's code). */
/**
 * Reads the page in the first frame that shows the dialog open (a frame's callbacks see
 * what it paints): the tap's own frame comes first, and the dialog opens in a task after it.
 */
function inFirstOpenFrame<T>(element: SvcPostGallery, read: () => T): Promise<T> {
  return new Promise((resolve) => {
    const look = () => (dialog(element)?.open ? resolve(read()) : requestAnimationFrame(look));
    requestAnimationFrame(look);
  });
}

async function openAndClose(element: SvcPostGallery, tile: HTMLButtonElement): Promise<void> {
  tile.click();
  await waitOpen(element);
  await closeByEscape(element);
}

describe('lightbox', () => {
  it('loads on first open, shows the post and moves across a page boundary to the next page', async () => {
    expect(customElements.get('svc-post-lightbox')).toBeUndefined();
    const element = await mount({ 'page-size': '4' });
    const opened: { index: number; post: { id: string } }[] = [];
    element.addEventListener('svc-post-open', (event) => opened.push((event as CustomEvent).detail));
    const found = await waitForTiles(element, 4);
    const last = found[3]!;
    last.click();
    const open = await waitOpen(element);
    expect(customElements.get('svc-post-lightbox')).toBeDefined();
    expect(shownPost(element)).toBe(last.dataset['postId']);
    expect(opened.map((detail) => [detail.index, detail.post.id])).toEqual([[3, last.dataset['postId']]]);
    expect(open.getAttribute('part')).toBe('dialog');
    await expect.element(page.getByText('Post 4 of 4')).toBeVisible();

    const next = lightbox(element)!.shadowRoot!.querySelector<HTMLButtonElement>('button.next')!;
    expect(next.disabled).toBe(false);
    next.click();
    // Page 2 came in, and the lightbox shows its first post.
    const grown = await waitForTiles(element, 8);
    await expect.poll(() => shownPost(element)).toBe(grown[4]!.dataset['postId']);
    await expect.element(page.getByText('Post 5 of 8')).toBeVisible();
    expect(opened.at(-1)!.index).toBe(4);
  });

  it("is made closed once the gallery is in view, holding the first photo's card, and a tap opens that one", async () => {
    // A viewport the runner shows whole: the gallery is in view.
    await page.viewport(1280, 800);
    const element = await mount({ 'page-size': '4' });
    const found = await waitForTiles(element, 4);
    // In view (the gallery's intent on a touch screen): the lightbox is there, closed, before any tap.
    await expect.poll(() => lightbox(element)?.shadowRoot?.querySelector('dialog'), { timeout: 10_000 }).toBeTruthy();
    const prepared = lightbox(element)!;
    expect(dialog(element)!.open).toBe(false);
    // A photo's card, never a video's (which would fetch the video's start behind a closed dialog).
    const photo = found.find((tile) => !/^Video/.test(tile.getAttribute('aria-label') ?? ''))!;
    await expect.poll(() => shownPost(element)).toBe(photo.dataset['postId']);
    expect(prepared.shadowRoot!.querySelector('video'), 'a video in the closed lightbox').toBeNull();
    photo.click();
    await waitOpen(element);
    expect(lightbox(element), 'the prepared lightbox, opened').toBe(prepared);
    expect(shownPost(element)).toBe(photo.dataset['postId']);
  });

  it('works by keyboard alone: Tab to a tile, Enter opens, arrows move, Escape closes and focus returns', async () => {
    const element = await mount({ 'page-size': '6' });
    const found = await waitForTiles(element, 6);
    await userEvent.tab();
    expect(element.shadowRoot!.activeElement).toBe(found[0]);
    await userEvent.tab();
    expect(element.shadowRoot!.activeElement).toBe(found[1]);
    expect(getComputedStyle(found[1]!).outlineStyle).toBe('solid');
    expect(parseFloat(getComputedStyle(found[1]!).outlineWidth)).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await page.screenshot({ path: '../../screenshots/gallery-focus.png', element });
    await userEvent.keyboard('{Enter}');
    await waitOpen(element);
    expect(shownPost(element)).toBe(found[1]!.dataset['postId']);
    // Focus is inside the dialog (its close button).
    expect(lightbox(element)!.shadowRoot!.activeElement?.classList.contains('close')).toBe(true);
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => shownPost(element)).toBe(found[2]!.dataset['postId']);
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(() => shownPost(element)).toBe(found[0]!.dataset['postId']);
    await closeByEscape(element);
    expect(document.activeElement).toBe(element);
    expect(element.shadowRoot!.activeElement).toBe(found[1]);
  });

  it('Space opens a tile too, and arrows are mirrored right to left', async () => {
    const element = await mount({ 'page-size': '4', dir: 'rtl' });
    const found = await waitForTiles(element, 4);
    found[1]!.focus();
    await userEvent.keyboard(' ');
    await waitOpen(element);
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(() => shownPost(element)).toBe(found[2]!.dataset['postId']);
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => shownPost(element)).toBe(found[1]!.dataset['postId']);
  });

  it('a horizontal swipe on the media moves to the next or previous post; a vertical one does not', async () => {
    const element = await mount({ 'page-size': '4' });
    const found = await waitForTiles(element, 4);
    found[0]!.click();
    await waitOpen(element);
    const swipe = (dx: number, dy: number) => {
      const media = lightbox(element)!.shadowRoot!.querySelector('.media')!;
      const base = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true, composed: true };
      media.dispatchEvent(new PointerEvent('pointerdown', { ...base, clientX: 200, clientY: 300 }));
      media.dispatchEvent(new PointerEvent('pointerup', { ...base, clientX: 200 + dx, clientY: 300 + dy }));
    };
    swipe(-120, 10);
    await expect.poll(() => shownPost(element)).toBe(found[1]!.dataset['postId']);
    swipe(10, -150);
    swipe(30, 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shownPost(element)).toBe(found[1]!.dataset['postId']);
    swipe(120, 0);
    await expect.poll(() => shownPost(element)).toBe(found[0]!.dataset['postId']);
  });

  it('a video post plays in a muted <video> with controls, no autoplay, and a transcript on demand', async () => {
    const element = await mount({ 'page-size': '50' });
    await waitForTiles(element, 50);
    const video = tiles(element).find((tile) => /^Video by/.test(tile.getAttribute('aria-label') ?? ''));
    expect(video).toBeDefined();
    expect(video!.querySelector('.badge')).not.toBeNull();
    video!.click();
    await waitOpen(element);
    const root = lightbox(element)!.shadowRoot!;
    const player = root.querySelector('video')!;
    expect(player).not.toBeNull();
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.hasAttribute('muted')).toBe(true);
    expect(player.muted).toBe(true);
    expect(player.hasAttribute('playsinline')).toBe(true);
    expect(player.hasAttribute('autoplay')).toBe(false);
    expect(player.autoplay).toBe(false);
    const transcript = root.querySelector<HTMLDetailsElement>('details.transcript')!;
    expect(transcript.querySelector('summary')!.textContent).toMatch(/Transcript/);
    expect(transcript.open).toBe(false);
    expect(player.getAttribute('aria-describedby')).toBe('video-description');
    expect(root.getElementById('video-description')!.textContent!.trim()).not.toBe('');
  });

  it('autoplay is honoured only without reduced motion; reduced motion also stops the fades', async () => {
    const element = await mount({ 'page-size': '50', autoplay: '' });
    await waitForTiles(element, 50);
    const image = element.shadowRoot!.querySelector('img.media')!;
    expect(getComputedStyle(image).transitionDuration).not.toMatch(/^0s(, 0s)*$/);
    const video = tiles(element).find((tile) => /^Video by/.test(tile.getAttribute('aria-label') ?? ''))!;
    video.click();
    await waitOpen(element);
    expect(lightbox(element)!.shadowRoot!.querySelector('video')!.hasAttribute('autoplay')).toBe(true);
    expect(getComputedStyle(lightbox(element)!.shadowRoot!.querySelector('.card')!).animationName).toBe('grow');
    expect(getComputedStyle(dialog(element)!, '::backdrop').animationName).toBe('appear');
    await closeByEscape(element);

    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
    expect(getComputedStyle(image).transitionDuration).toMatch(/^0s(, 0s)*$/);
    video.click();
    await waitOpen(element);
    const player = lightbox(element)!.shadowRoot!.querySelector('video')!;
    expect(player.hasAttribute('autoplay')).toBe(false);
    expect(getComputedStyle(lightbox(element)!.shadowRoot!.querySelector('.card')!).animationName).toBe('none');
    expect(getComputedStyle(dialog(element)!, '::backdrop').animationName).toBe('none');
  });

  it("the tapped tile's picture is in the lightbox's first frame, shown without a fade; screen readers skip the page behind", async () => {
    const element = await mount({ 'page-size': '4' });
    const found = await waitForTiles(element, 4);
    // A first open and close loads the lightbox's code: the open measured is a later one, as a shopper's second tap.
    await openAndClose(element, found[0]!);
    const tile = found.find((candidate) => candidate.querySelector('img')?.complete && !/^Video/.test(candidate.getAttribute('aria-label') ?? ''));
    expect(tile, 'a photo tile whose picture has loaded').toBeDefined();
    await expect.poll(() => tile!.querySelector('img')!.naturalWidth).toBeGreaterThan(0);
    const ariaHidden = () => [...document.querySelectorAll('[aria-hidden]'), ...element.shadowRoot!.querySelectorAll('[aria-hidden]')];
    // A control of the page's own, outside the gallery.
    const beside = document.body.insertBefore(Object.assign(document.createElement('button'), { textContent: 'Beside the gallery' }), element);
    const hiddenBefore = ariaHidden();
    tile!.click();
    // The tapped post's picture is in the first frame that shows the dialog, complete and fully
    // opaque, and so is all around it (no fade to run; only the dimming behind fades in): not a
    // frame with an empty dialog or a placeholder first.
    const picture = () => lightbox(element)?.shadowRoot?.querySelector(`.card[data-post-id="${tile!.dataset['postId']}"] .media svc-shoppable-post`)?.shadowRoot?.querySelector<HTMLImageElement>('img.picture');
    const first = await inFirstOpenFrame(element, () => {
      const shown = picture();
      let opacity = 1;
      for (let node: Element | undefined = shown ?? undefined; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined)) opacity *= Number(getComputedStyle(node).opacity);
      return shown ? { complete: shown.complete, opacity } : undefined;
    });
    expect(first, 'the picture in the first frame').toEqual(expect.objectContaining({ complete: true, opacity: 1 }));
    expect(dialog(element)!.open).toBe(true);
    // What screen readers get: the tiles behind the open dialog are left out of the accessibility tree.
    // The test runs in a frame of the runner's page: that frame's tree.
    type Frames = { frame: { id: string; url: string }; childFrames?: Frames[] };
    const { frameTree } = (await cdp().send('Page.getFrameTree')) as { frameTree: Frames };
    const all = (tree: Frames): Frames[] => [tree, ...(tree.childFrames ?? []).flatMap(all)];
    const frameId = all(frameTree).find((tree) => tree.frame.url === location.href)?.frame.id;
    const { nodes } = (await cdp().send('Accessibility.getFullAXTree', { frameId })) as { nodes: { ignored: boolean; name?: { value?: string }; role?: { value?: string } }[] };
    const behind = nodes.filter((node) => node.role?.value === 'button' && node.name?.value === tile!.getAttribute('aria-label'));
    const inDialog = nodes.filter((node) => !node.ignored && node.role?.value === 'button' && node.name?.value === 'Close');
    expect(inDialog.length, 'the dialog is in the tree').toBeGreaterThan(0);
    expect(behind.filter((node) => !node.ignored), 'tiles a screen reader still reads').toEqual([]);
    expect(nodes.filter((node) => !node.ignored && node.name?.value === 'Beside the gallery'), "the page's controls a screen reader still reads").toEqual([]);
    // Kept apart without making the page inert, which restyles all of it on open and on close.
    expect(dialog(element)!.matches(':modal'), 'a modal dialog').toBe(false);
    expect(dialog(element)!.matches(':popover-open'), 'in the top layer').toBe(true);
    // Closed, the page is read again as it was.
    await closeByEscape(element);
    expect(ariaHidden()).toEqual(hiddenBefore);
    beside.remove();
  });

  it('Escape closes an open product card first, and the lightbox only with a second press', async () => {
    const element = await mount({ 'page-size': '12' });
    await waitForTiles(element, 12);
    tiles(element)[0]!.click();
    await waitOpen(element);
    const media = lightbox(element)!.shadowRoot!.querySelector('.media > svc-shoppable-post')!;
    await expect.poll(() => [...(media.shadowRoot?.querySelectorAll<HTMLButtonElement>('button.hotspot') ?? [])].some((b) => b.checkVisibility()), { timeout: 10_000 }).toBe(true);
    const button = [...media.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.hotspot')].find((b) => b.checkVisibility())!;
    await userEvent.click(button);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(dialog(element)?.open).toBe(true);
    await closeByEscape(element);
  });

  it('a tagged product chosen in the lightbox reaches the page once, cancelable', async () => {
    const element = await mount({ 'page-size': '12' });
    await waitForTiles(element, 12);
    const selected: CustomEvent[] = [];
    const onSelect = (event: Event) => {
      selected.push(event as CustomEvent);
      event.preventDefault();
    };
    document.addEventListener('svc-product-select', onSelect);
    try {
      tiles(element)[0]!.click();
      await waitOpen(element);
      const products = lightbox(element)!.shadowRoot!.querySelector('.products > svc-shoppable-post');
      expect(products).not.toBeNull();
      await expect.poll(() => products!.shadowRoot?.querySelector('.product-list a[href]'), { timeout: 10_000 }).toBeTruthy();
      products!.shadowRoot!.querySelector<HTMLAnchorElement>('.product-list a[href]')!.click();
      expect(selected).toHaveLength(1);
      expect(selected[0]!.cancelable).toBe(true);
      expect(selected[0]!.detail.post.id).toBe(tiles(element)[0]!.dataset['postId']);
      expect(selected[0]!.detail.product.title).toBeTruthy();
    } finally {
      document.removeEventListener('svc-product-select', onSelect);
    }
  });

  it('screenshots: the open lightbox, wide and narrow', async () => {
    await page.viewport(1280, 800);
    const element = await mount({ 'page-size': '12' });
    const found = await waitForTiles(element, 12);
    found[0]!.click();
    await waitOpen(element);
    const root = lightbox(element)!.shadowRoot!;
    const media = root.querySelector('.media > svc-shoppable-post')!;
    await expect.poll(() => media.shadowRoot?.querySelector('.picture.loaded'), { timeout: 10_000 }).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const card = root.querySelector('.card')!.getBoundingClientRect();
    expect(card.width).toBeLessThanOrEqual(1280);
    expect(root.querySelector('.panel')!.getBoundingClientRect().left).toBeGreaterThan(root.querySelector('.media')!.getBoundingClientRect().left);
    await page.screenshot({ path: '../../screenshots/gallery-lightbox.png' });
    await page.viewport(390, 800);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Stacked: the panel is below the media.
    expect(root.querySelector('.panel')!.getBoundingClientRect().top).toBeGreaterThanOrEqual(root.querySelector('.media')!.getBoundingClientRect().bottom - 1);
    await page.screenshot({ path: '../../screenshots/gallery-lightbox-narrow.png' });
    // A tablet: stacked too, and the product list (beside no media) is still a full list.
    await page.viewport(800, 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const products = root.querySelector('.products > svc-shoppable-post')!;
    const list = products.shadowRoot!.querySelector('.product-list')!.getBoundingClientRect();
    expect(list.height).toBeGreaterThan(40);
    await page.screenshot({ path: '../../screenshots/gallery-lightbox-tablet.png' });
    await page.viewport(1280, 800);
  });
});

describe('the caption panel', () => {
  /** Where an element is laid out (not where the card's opening animation draws it for a moment). */
  const layoutBox = (element: HTMLElement) => ({ top: element.offsetTop, left: element.offsetLeft, width: element.offsetWidth, height: element.offsetHeight });

  /** Taps a tile and returns what the frame after the tap shows: whether the panel is there, and where the media is. */
  async function tapAndLookAtFirstFrame(element: SvcPostGallery, tile: HTMLButtonElement) {
    tile.click();
    const root = lightbox(element)!.shadowRoot!;
    return inFirstOpenFrame(element, () => ({ open: dialog(element)!.open, shows: root.querySelector('.card')?.getAttribute('data-post-id'), panel: root.querySelector('.panel')!.checkVisibility(), media: layoutBox(root.querySelector<HTMLElement>('.media')!) }));
  }

  it('beside the picture, on the first open too, the product list is in the first frame: the card keeps its size and place', async () => {
    await page.viewport(1280, 800);
    const element = await mount({ 'page-size': '4' });
    const found = await waitForTiles(element, 4);
    // A video: no shoppable post shows its media, the list's is the lightbox's only one.
    const tile = found.find((candidate) => /^Video/.test(candidate.getAttribute('aria-label') ?? ''));
    expect(tile, 'a video post among the first four').toBeDefined();
    const card = () => lightbox(element)!.shadowRoot!.querySelector<HTMLElement>('.card')!;
    // This gallery's first open: its lightbox and the shoppable posts in it are new. On a
    // phone's CPU the task that builds them runs past the widgets' time slice, after which
    // render pacing gives a first render a task of its own.
    await cdp().send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const first = await (async () => {
      try {
        tile!.click();
        // The first frame with the dialog open (it opens once the lightbox's code has loaded, a task or more after the tap).
        return await new Promise<{ box: ReturnType<typeof layoutBox>; list: boolean }>((resolve) => {
          const look = () => {
            if (!dialog(element)?.open) return requestAnimationFrame(look);
            const list = card().querySelector('.products > svc-shoppable-post')?.shadowRoot?.querySelector('.product-list');
            resolve({ box: layoutBox(card()), list: !!list });
          };
          requestAnimationFrame(look);
        });
      } finally {
        await cdp().send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
    })();
    expect(first.list, 'the list in the first frame').toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(layoutBox(card())).toEqual(first.box);
    await closeByEscape(element);
  });

  it('stacked under the picture, it comes a frame after it and moves nothing; beside the picture, it comes with it', async () => {
    await page.viewport(390, 800);
    try {
      const element = await mount({ 'page-size': '4' });
      const found = await waitForTiles(element, 4);
      // The first open loads the lightbox's code.
      await openAndClose(element, found[0]!);

      const narrow = await tapAndLookAtFirstFrame(element, found[1]!);
      expect(narrow.open).toBe(true);
      expect(narrow.shows, 'the tapped post in the first frame').toBe(found[1]!.dataset['postId']);
      expect(narrow.panel, 'the panel in the first frame on a narrow screen').toBe(false);
      const root = lightbox(element)!.shadowRoot!;
      await expect.poll(() => root.querySelector('.panel')!.checkVisibility()).toBe(true);
      expect(root.querySelector(`.card[data-post-id="${found[1]!.dataset['postId']}"] .panel .author`), "the post's own author").not.toBeNull();
      expect(layoutBox(root.querySelector<HTMLElement>('.media')!)).toEqual(narrow.media);
      await closeByEscape(element);

      await page.viewport(1280, 800);
      const wide = await tapAndLookAtFirstFrame(element, found[2]!);
      expect(wide.open).toBe(true);
      expect(wide.panel, 'the panel in the first frame beside the picture').toBe(true);
      await closeByEscape(element);
    } finally {
      await page.viewport(1280, 800);
    }
  });
});

describe('another post in the same shoppable post (the lightbox keeps its shoppable posts from post to post)', () => {
  it("shows the new post's picture or its placeholder, never the picture of the post before", async () => {
    const key = await testKey(apiBase, 'lightbox_reuse');
    const read = async (id: string) => (await (await fetch(`${apiBase}/v1/posts/${id}?market=us`, { headers: { authorization: `Bearer ${key}` } })).json()) as { id: string; media: { location: string } };
    const list = (await (await fetch(`${apiBase}/v1/posts?market=us&limit=8`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { id: string; type: string }[] };
    const [first, second] = await Promise.all(list.data.filter((post) => post.type === 'IMAGE').slice(0, 2).map((post) => read(post.id)));
    const element = document.createElement('svc-shoppable-post');
    element.style.width = '400px';
    element.setAttribute('publishable-key', key);
    element.setAttribute('api-base', apiBase);
    element.post = first;
    document.body.append(element);
    const picture = () => element.shadowRoot?.querySelector<HTMLImageElement>('img.picture');
    await expect.poll(() => picture()?.classList.contains('loaded'), { timeout: 10_000 }).toBe(true);
    const before = picture()!.currentSrc;
    // A picture this page has never loaded: its own address.
    const mark = `reuse=${Date.now()}`;
    const fresh = `${second!.media.location}${second!.media.location.includes('?') ? '&' : '?'}${mark}`;
    element.post = { ...second, media: { ...second!.media, location: fresh } };
    await element.updateComplete;
    const shown = () => ({ loaded: picture()!.classList.contains('loaded'), src: picture()!.currentSrc });
    const inFrame = await new Promise<{ loaded: boolean; src: string }>((resolve) => requestAnimationFrame(() => resolve(shown())));
    for (const state of [shown(), inFrame]) expect(state.loaded && state.src === before, 'the picture of the post before, shown').toBe(false);
    await expect.poll(() => shown().loaded && shown().src.endsWith(mark), { timeout: 10_000 }).toBe(true);
  });
});

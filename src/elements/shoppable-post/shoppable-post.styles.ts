import { css } from 'lit';

/** The host, its custom properties and the loading and error states; the shown post's styles are in shoppable-view.styles.ts. */
export const styles = css`
  :host {
    --_hotspot-size: var(--svc-hotspot-size, 28px);
    --_hotspot-color: var(--svc-hotspot-color, #fff);
    --_hotspot-center: var(--svc-hotspot-center, #111);
    --_card-background: var(--svc-card-background, #fff);
    --_card-color: var(--svc-card-color, #1a1a1a);
    --_card-muted: color-mix(in srgb, var(--_card-color) 72%, var(--_card-background));
    --_card-radius: var(--svc-card-radius, 12px);
    --_card-shadow: var(--svc-card-shadow, 0 12px 32px rgb(0 0 0 / 0.18), 0 2px 6px rgb(0 0 0 / 0.12));
    --_accent: var(--svc-accent, #1a1a1a);
    --_accent-contrast: var(--svc-accent-contrast, #fff);
    --_sale: var(--svc-sale-color, #b3261e);
    --_focus: var(--svc-focus-color, #1a73e8);
    --_font: var(--svc-font-family, inherit);
    --_media-radius: var(--svc-media-radius, 8px);
    --_hit: calc(var(--_hotspot-size) + 16px);

    display: block;
    position: relative;
    font-family: var(--_font);
    color: var(--_card-color);
    overflow-wrap: anywhere;
    /* A hotspot at the media's edge is drawn inside it, but its pulse and focus ring reach a little beyond: show them, never make the page scroll. */
    overflow: clip;
    overflow-clip-margin: calc(var(--_hit) / 2);
  }
  :host([hidden]),
  [hidden] {
    display: none !important;
  }
  .vh {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  /* States. */
  .loading {
    aspect-ratio: var(--svc-shoppable-aspect, var(--_media-aspect, 1));
    max-height: var(--svc-shoppable-max-height, none);
    border-radius: var(--_media-radius);
    background: color-mix(in srgb, var(--_card-color) 8%, transparent);
  }
  /*
   * With a product list: its place too, as the reservation stylesheet holds it, below the
   * media (12px + 108px), or beside it from 640px on (20px + its column), each step from the
   * host's width, no container. reserve-sizes.ts's numbers, written out (an expression costs
   * bytes in the built template); test/unit/reserve.test.ts compares.
   */
  .listed {
    width: calc(100% - clamp(0px, (100% - 639.5px) * 1000, 20px + clamp(14rem, 32%, 20rem)));
    margin-bottom: clamp(0px, (639.5px - 100%) * 1000, 120px);
  }
  .error {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    padding: 12px 16px;
    border-radius: var(--_media-radius);
    background: color-mix(in srgb, var(--_card-color) 6%, transparent);
  }
  .retry {
    min-height: 32px;
    padding: 0 14px;
    border: 1px solid currentColor;
    border-radius: 999px;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
`;

import { css } from 'lit';

/** The host, its custom properties and the loading and error states; the shown post's styles are in shoppable-view.styles.ts. */
export const styles = css`
  :host {
    --_hotspot-size: var(--svc-hotspot-size, 28px);
    --_hotspot-color: var(--svc-hotspot-color, #fff);
    --_hotspot-center: var(--svc-hotspot-center, #111);
    /* The card and the list's entries: the host's text on a surface of its scheme (tokens.ts). */
    --_card-background: var(--svc-card-background, var(--_surface));
    --_card-color: var(--svc-card-color, currentColor);
    --_card-muted: color-mix(in srgb, var(--_card-color) 80%, transparent);
    --_card-radius: var(--svc-card-radius, var(--_radius));
    --_card-shadow: var(--svc-card-shadow, 0 12px 32px rgb(0 0 0 / 0.18), 0 2px 6px rgb(0 0 0 / 0.12));
    --_accent-contrast: var(--svc-accent-contrast, var(--_surface));
    --_sale: var(--svc-sale-color, currentColor);
    --_font: var(--svc-font-family, inherit);
    --_media-radius: var(--svc-media-radius, var(--_radius));
    --_hit: calc(var(--_hotspot-size) + 16px);

    display: block;
    position: relative;
    /* The layout follows the element's width by container queries, which the server's markup obeys too (no measuring). */
    container-type: inline-size;
    font-family: var(--_font);
    color: var(--_card-color);
    overflow-wrap: anywhere;
    line-height: 1.35;
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

  /* States: the loading skeleton (the media's box; the list's place is held beside or below it), and a failure's box, empty. */
  .loading {
    position: relative;
    aspect-ratio: var(--svc-shoppable-aspect, var(--_media-aspect, 1));
    max-height: var(--svc-shoppable-max-height, 100svh);
    border-radius: var(--_media-radius);
    background: var(--_skeleton);
  }
  .loading.failed {
    background: none;
  }
  /*
   * With a product list: its place too, as the reservation stylesheet holds it, below the
   * media (12px + 108px), or beside it from 640px on (20px + its column), each step from the
   * host's width, no container. reserve-sizes.ts's numbers, written out (an expression costs
   * bytes in the built template); test/unit/reserve.test.ts compares.
   */
  .listed {
    width: calc(100% - clamp(0px, (100% - 639.5px) * 1000, 20px + clamp(280px, 32%, 22em)));
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
    min-height: var(--_control);
    padding: 0 1em;
    border: 1px solid currentColor;
    border-radius: var(--_radius);
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
`;

import { css } from 'lit';

/**
 * The tokens every element reads, adopted first by each (docs/guides/theming.md). Public
 * properties (`--svc-accent`, `--svc-radius`, `--svc-focus-color`, `--svc-control-height`)
 * are read with fallbacks, never declared here: set on the element or on any ancestor
 * (`:root`), they win. An element's own documented properties (`--svc-review-radius`,
 * `--svc-gallery-accent`, …) are read before these in its own token block.
 *
 * Colours come from the host's text: lines, tracks, muted text and skeletons are
 * `currentColor` with transparency, so one set of rules reads on light and dark schemes.
 * Sizes are `em`: the theme's text size sets the widget's. On a coarse pointer a control
 * is at least 44 px tall.
 */
export const sharedTokens = css`
  :host {
    --_accent: var(--svc-accent, currentColor);
    --_radius: var(--svc-radius, 0.125em);
    --_focus: var(--svc-focus-color, currentColor);
    --_control: var(--svc-control-height, 2.5em);
    --_muted: color-mix(in srgb, currentColor 80%, transparent);
    --_line: color-mix(in srgb, currentColor 18%, transparent);
    --_track: color-mix(in srgb, currentColor 12%, transparent);
    --_skeleton: color-mix(in srgb, currentColor 9%, transparent);
    /* An opaque surface in the host's scheme (a card over a photo, a menu's options): the page's background is not readable, the text's opposite is. */
    --_surface: Canvas;
  }
  @supports (color: contrast-color(red)) {
    :host {
      --_surface: color-mix(in srgb, contrast-color(currentColor) 97%, currentColor);
    }
  }
  @media (pointer: coarse) {
    :host {
      --_control: max(44px, var(--svc-control-height, 2.5em));
    }
  }
  /* A failure while the element heals: nothing shown, its box kept; a theme may show it (::part(error)). */
  .error.quiet {
    display: none;
  }
  .skeleton-block {
    border-radius: var(--_radius);
    background: var(--_skeleton);
    animation: svc-pulse 1.6s ease-in-out infinite;
  }
  @keyframes svc-pulse {
    50% {
      opacity: 0.5;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton-block {
      animation: none;
    }
  }
`;

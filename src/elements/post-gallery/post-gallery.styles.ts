import { css } from 'lit';
import { sharedTokens } from '../shared/tokens.js';

/**
 * Public tokens (`--svc-gallery-*`) map to private `--_*` variables here; the rest of
 * the stylesheet reads only the private ones.
 */
export const tokens = css`
  :host {
    --_gap: var(--svc-gallery-gap, 12px);
    --_radius: var(--svc-gallery-radius, var(--svc-radius, 0.125em));
    --_tile-aspect: var(--svc-gallery-tile-aspect, 1);
    /* From the host's text and scheme (tokens.ts), unless the gallery's own properties say otherwise. */
    --_text: var(--svc-gallery-text, currentColor);
    --_muted: var(--svc-gallery-muted, color-mix(in srgb, currentColor 80%, transparent));
    --_bg: var(--svc-gallery-background, var(--_surface));
    --_placeholder: var(--svc-gallery-placeholder, var(--_skeleton));
    --_accent: var(--svc-gallery-accent, var(--svc-accent, currentColor));
    --_focus: var(--svc-gallery-focus-ring, var(--svc-focus-color, currentColor));
    --_font: var(--svc-gallery-font, inherit);
    --_border: color-mix(in srgb, var(--_text) 16%, transparent);
    --_hover: color-mix(in srgb, var(--_text) 6%, transparent);
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
  .spinner {
    display: inline-block;
    width: 16px;
    height: 16px;
    border: 2px solid currentColor;
    border-inline-end-color: transparent;
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }
  .error {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: center;
    gap: 8px 16px;
    color: var(--_muted);
    text-align: center;
    overflow-wrap: anywhere;
  }
  .retry {
    min-height: var(--_control);
    padding: 0 1em;
    border: 1px solid currentColor;
    border-radius: var(--_radius);
    background: transparent;
    color: inherit;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
      border-inline-end-color: currentColor;
      opacity: 0.6;
    }
  }
`;

export const galleryStyles = [
  sharedTokens,
  tokens,
  css`
    :host {
      display: block;
      font-family: var(--_font);
      color: var(--_text);
    }
    :host([hidden]) {
      display: none;
    }
    .base {
      position: relative;
    }
    /* Measured by the column fit (column-fit.ts): as wide as the gallery, no height. */
    .measure {
      height: 0;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .cell {
      min-width: 0;
    }

    /* Tiles */
    .tile {
      position: relative;
      display: block;
      width: 100%;
      margin: 0;
      padding: 0;
      border: 0;
      border-radius: var(--_radius);
      overflow: hidden;
      background: var(--_placeholder);
      color: inherit;
      font: inherit;
      cursor: pointer;
      isolation: isolate;
      -webkit-tap-highlight-color: transparent;
      /* Off-screen tiles skip layout and paint (long galleries); their box keeps its size. */
      content-visibility: auto;
      contain-intrinsic-size: auto 1px;
    }
    .grid .tile,
    .carousel .tile {
      aspect-ratio: var(--_tile-aspect);
    }
    /*
     * A skeleton has no content for content-visibility to skip, and with it, its pulse ran on
     * the main thread: twelve skeletons took a fifth of it (style, layout and paint every
     * frame). Visible, the pulse is the compositor's. A gallery held far below the fold
     * (see render-pacing.ts) keeps its skeletons still: nobody sees them.
     */
    .skeleton {
      cursor: default;
      content-visibility: visible;
      animation: pulse 1.6s ease-in-out infinite;
    }
    .far .skeleton {
      animation: none;
    }
    @keyframes pulse {
      50% {
        opacity: 0.55;
      }
    }

    /* Grid */
    .grid {
      display: grid;
      /*
       * As many columns as 140 px tiles allow, --_cols at most: the count the gallery
       * measures (column-fit.ts), in CSS too, so that a grid rendered on the server has
       * its columns at every width before the script has measured.
       */
      --_n: var(--_cols, var(--svc-gallery-columns, 4));
      grid-template-columns: repeat(auto-fill, minmax(max(140px, (100% - (var(--_n) - 1) * var(--_gap)) / var(--_n)), 1fr));
      gap: var(--_gap);
    }

    /* Footer: load more, inline errors */
    .footer {
      display: flex;
      justify-content: center;
      padding-block-start: calc(var(--_gap) * 2);
    }
    .load-more {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 8px;
      min-height: 44px; /* reserve-sizes.ts's GALLERY_BUTTON */
      min-width: 10em;
      padding: 0 1.5em;
      border: 1px solid var(--_accent);
      border-radius: var(--_radius);
      background: transparent;
      color: var(--_accent);
      font: inherit;
      font-weight: 600;
      cursor: pointer;
      transition: background-color 150ms ease;
    }
    .load-more:hover {
      background: var(--_hover);
    }
    .reserve,
    .failed .tile {
      visibility: hidden;
    }

    @media (prefers-reduced-motion: reduce) {
      .load-more {
        transition: none;
      }
      .skeleton {
        animation: none;
      }
    }
    @media (forced-colors: active) {
      .tile,
      .load-more {
        border: 1px solid ButtonText;
      }
      button:focus-visible {
        outline-color: Highlight;
      }
    }
  `,
];

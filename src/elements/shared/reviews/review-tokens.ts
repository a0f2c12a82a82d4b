import { css } from 'lit';

/**
 * Public custom properties (read with their defaults, never declared: set on the element or
 * on any ancestor, they win) map to private `--_*` variables, which are all the rules below
 * read. The defaults come from the host's text colour and size (sharedTokens, tokens.ts).
 * `reviewTokens` is shared by `<svc-review-summary>` and `<svc-reviews>`.
 */
export const reviewTokens = css`
  :host {
    --_star-color: var(--svc-star-color, #c7860a);
    --_star-empty: var(--svc-star-empty-color, transparent);
    --_star-size: var(--svc-star-size, 1.25em);
    --_muted: var(--svc-review-muted-color, color-mix(in srgb, currentColor 80%, transparent));
    --_line: var(--svc-review-line-color, color-mix(in srgb, currentColor 18%, transparent));
    --_muted-line: var(--_line);
    --_track: var(--svc-review-track-color, color-mix(in srgb, currentColor 12%, transparent));
    --_selected-bg: var(--svc-review-selected-color, color-mix(in srgb, currentColor 6%, transparent));
    --_selected-line: var(--_star-color);
    --_hover: color-mix(in srgb, currentColor 6%, transparent);
    --_focus: var(--svc-review-focus-color, var(--svc-focus-color, currentColor));
    --_radius: var(--svc-review-radius, var(--svc-radius, 0.125em));
    --_average-size: var(--svc-review-average-size, 2.75em);
  }
  :host([hidden]) {
    display: none !important;
  }
  /* Its own rule: a browser without :state() drops only this one. */
  :host(:state(hidden)) {
    display: none !important;
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
  button:focus-visible,
  select:focus-visible,
  a:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  /* A text-like button (translation toggle, "Show all reviews", "Read more"). */
  .link-button {
    min-block-size: 24px;
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    text-decoration: underline;
    text-underline-offset: 0.15em;
    cursor: pointer;
  }
  .error {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.75em;
    color: var(--_muted);
  }
  .retry {
    min-block-size: var(--_control);
    padding: 0 1em;
    border: 1px solid currentColor;
    border-radius: var(--_radius);
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .retry.link-button {
    min-block-size: 24px;
    padding: 0;
    border: 0;
  }
  @media (pointer: coarse) {
    .link-button {
      min-block-size: 24px;
    }
    .retry.link-button {
      min-block-size: 44px;
    }
  }
`;

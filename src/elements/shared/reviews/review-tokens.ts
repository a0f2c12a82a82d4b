import { css } from 'lit';

/**
 * Public custom properties (declared on `:host` with their defaults) map to private
 * `--_*` variables, which are all the rules below read. `reviewTokens` is shared by
 * `<svc-review-summary>` and `<svc-reviews>`, so both elements take the same properties.
 */
export const reviewTokens = css`
  :host {
    --svc-star-color: #c7860a;
    --svc-star-empty-color: transparent;
    --svc-star-size: 1.25rem;
    --svc-review-muted-color: #5b5f66;
    --svc-review-line-color: #e4e1db;
    --svc-review-track-color: #ece8e1;
    --svc-review-selected-color: #fbf3e2;
    --svc-review-focus-color: #1d4ed8;
    --svc-review-radius: 6px;
    --svc-review-average-size: 2.75rem;

    --_star-color: var(--svc-star-color);
    --_star-empty: var(--svc-star-empty-color);
    --_star-size: var(--svc-star-size);
    --_muted: var(--svc-review-muted-color);
    --_muted-line: var(--svc-review-line-color);
    --_line: var(--svc-review-line-color);
    --_track: var(--svc-review-track-color);
    --_selected-bg: var(--svc-review-selected-color);
    --_selected-line: var(--svc-star-color);
    --_hover: color-mix(in srgb, currentColor 6%, transparent);
    --_focus: var(--svc-review-focus-color);
    --_radius: var(--svc-review-radius);
    --_average-size: var(--svc-review-average-size);
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
    gap: 0.5rem;
    font-size: 0.875em;
  }
  .retry {
    min-block-size: 28px;
    padding: 0.25rem 0.75rem;
    border: 1px solid currentColor;
    border-radius: var(--_radius);
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
`;

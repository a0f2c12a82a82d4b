import { css } from 'lit';

/**
 * A tile's picture, blurhash, byline, video badge, hover and focus (the private
 * variables are declared in post-gallery.styles.ts, with the skeleton's box).
 */
export const tileStyles = css`
  .placeholder,
  .media {
    position: absolute;
    inset: 0;
    display: block;
    width: 100%;
    height: 100%;
    /* The blurhash is decoded in the media's shape: cropped like the picture. */
    object-fit: cover;
  }
  .media {
    opacity: 0;
    transition:
      opacity 320ms ease-out,
      transform 450ms cubic-bezier(0.2, 0.7, 0.2, 1);
  }
  .media.loaded {
    opacity: 1;
  }
  .media.failed {
    visibility: hidden;
  }
  .placeholder.covered {
    display: none;
  }
  .tile::after {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(to top, rgb(0 0 0 / 0.5), rgb(0 0 0 / 0) 50%);
    opacity: 0;
    transition: opacity 200ms ease;
    pointer-events: none;
  }
  .byline {
    position: absolute;
    inset-inline: 12px;
    bottom: 10px;
    z-index: 1;
    color: #fff;
    font-size: 0.875em;
    font-weight: 600;
    text-align: start;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    opacity: 0;
    transform: translateY(4px);
    transition:
      opacity 200ms ease,
      transform 200ms ease;
  }
  @media (hover: hover) {
    .tile:hover .media {
      transform: scale(1.04);
    }
    .tile:hover::after,
    .tile:hover .byline {
      opacity: 1;
      transform: none;
    }
  }
  .tile:focus-visible::after,
  .tile:focus-visible .byline {
    opacity: 1;
    transform: none;
  }
  .tile:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .badge {
    position: absolute;
    top: 10px;
    inset-inline-end: 10px;
    z-index: 1;
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: rgb(0 0 0 / 0.55);
    color: #fff;
    backdrop-filter: blur(6px);
  }
  .badge svg {
    width: 18px;
    height: 18px;
    margin-inline-start: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    .media,
    .tile::after,
    .byline {
      transition: none;
    }
    .tile:hover .media {
      transform: none;
    }
  }
  @media (forced-colors: active) {
    .tile:focus-visible {
      outline-color: Highlight;
    }
  }
`;

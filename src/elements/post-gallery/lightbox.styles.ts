import { css } from 'lit';
import { sharedTokens } from '../shared/tokens.js';
import { tokens } from './post-gallery.styles.js';

/** The lightbox: stacked on narrow screens, media beside a caption panel from 900 px. */
export const lightboxStyles = [
  sharedTokens,
  tokens,
  css`
    :host {
      display: contents;
    }
    .dialog {
      position: fixed;
      inset: 0;
      width: 100%;
      height: 100%;
      max-width: none;
      max-height: none;
      margin: 0;
      padding: 0;
      border: 0;
      background: transparent;
      color: var(--_text);
      font-family: var(--_font);
      overflow: hidden;
      overscroll-behavior: contain;
    }
    .dialog[open] {
      display: grid;
      place-items: center;
    }
    .dialog::backdrop {
      background: var(--svc-gallery-backdrop, rgb(0 0 0 / 0.8));
    }
    /* The post is there, opaque, in the first frame: it grows a little into place and only the dimming fades in. */
    @media (prefers-reduced-motion: no-preference) {
      .dialog[open] .card {
        animation: grow 200ms ease-out;
      }
      .dialog[open]::backdrop {
        animation: appear 200ms ease-out;
      }
    }
    @keyframes grow {
      from {
        transform: scale(0.96);
      }
    }
    @keyframes appear {
      from {
        opacity: 0;
      }
    }

    .card {
      display: grid;
      grid-template-columns: minmax(0, 1fr);
      align-content: start;
      width: 100%;
      height: 100%;
      overflow-y: auto;
      background: var(--_bg);
    }
    .media {
      display: grid;
      place-items: center;
      min-width: 0;
      background: #111214;
      touch-action: pan-y;
      --svc-shoppable-max-height: 70dvh;
      --svc-media-radius: 0;
    }
    .media > svc-shoppable-post,
    .video-frame {
      width: 100%;
    }
    .video-frame {
      position: relative;
    }
    .video,
    .video-placeholder {
      display: block;
      width: 100%;
      height: auto;
      max-height: 70dvh;
      background: #000;
    }
    .video-placeholder {
      position: absolute;
      inset: 0;
      height: 100%;
    }
    .panel {
      display: flex;
      flex-direction: column;
      gap: 16px;
      min-width: 0;
      padding: 20px 20px 96px;
    }
    /* Stacked under the picture (below 900 px), a post's panel comes a frame after it. */
    .panel.pending {
      display: none;
    }
    @media (min-width: 900px) {
      .card {
        grid-template-columns: minmax(0, 640px) 360px;
        width: auto;
        height: auto;
        max-width: calc(100vw - 176px);
        max-height: calc(100dvh - 64px);
        overflow: hidden;
        border-radius: calc(var(--_radius) + 4px);
        box-shadow: 0 24px 80px rgb(0 0 0 / 0.4);
      }
      .media {
        --svc-shoppable-max-height: calc(100dvh - 64px);
      }
      .video {
        max-height: calc(100dvh - 64px);
      }
      .panel {
        max-height: calc(100dvh - 64px);
        overflow-y: auto;
        padding: 24px;
      }
    }

    /* Panel content */
    .author {
      display: flex;
      align-items: center;
      gap: 12px;
      padding-inline-end: 40px;
    }
    .avatar {
      position: relative;
      flex: none;
      width: 40px;
      height: 40px;
      border-radius: 50%;
      overflow: hidden;
      background: var(--_placeholder);
      display: grid;
      place-items: center;
    }
    .avatar canvas,
    .avatar img {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
      object-fit: cover;
    }
    .initial {
      font-weight: 700;
      color: var(--_muted);
    }
    .who {
      min-width: 0;
    }
    .who p {
      margin: 0;
      overflow-wrap: anywhere;
    }
    .username {
      font-weight: 650;
      font-size: 0.9375em;
    }
    .meta {
      color: var(--_muted);
      font-size: 0.875em;
    }
    .caption {
      margin: 0;
      font-size: 0.9375em;
      line-height: 1.55;
      white-space: pre-line;
      overflow-wrap: anywhere;
    }
    .origin-link {
      display: inline-flex;
      align-items: center;
      align-self: flex-start;
      gap: 6px;
      min-height: 24px;
      color: var(--_accent);
      font-size: 0.875em;
      font-weight: 600;
      text-underline-offset: 3px;
    }
    .origin-link svg {
      width: 16px;
      height: 16px;
    }
    .origin-link:focus-visible,
    summary:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }
    .transcript {
      border-top: 1px solid var(--_border);
      padding-top: 12px;
      font-size: 0.875em;
      line-height: 1.5;
    }
    .transcript summary {
      min-height: 24px;
      font-weight: 600;
      cursor: pointer;
    }
    .transcript p {
      margin: 8px 0 0;
      white-space: pre-line;
      overflow-wrap: anywhere;
    }
    .products {
      border-top: 1px solid var(--_border);
      padding-top: 16px;
    }
    .products > svc-shoppable-post {
      display: block;
      /* Narrower than the shoppable post's side-by-side layout, which needs its media. */
      max-width: 600px;
    }
    .products > svc-shoppable-post::part(media) {
      display: none;
    }
    /* The list scrolls sideways: its end fades, so that more products show they are there. */
    .products > svc-shoppable-post::part(product-list) {
      mask-image: linear-gradient(to var(--_end, right), #000 80%, transparent);
    }
    :host(:dir(rtl)) .products > svc-shoppable-post::part(product-list) {
      --_end: left;
    }

    /* Controls */
    .close,
    .nav {
      position: fixed;
      z-index: 3;
      display: grid;
      place-items: center;
      padding: 0;
      border: 0;
      border-radius: 50%;
      font: inherit;
      cursor: pointer;
    }
    .close {
      top: 12px;
      inset-inline-end: 12px;
      width: 44px;
      height: 44px;
      background: rgb(0 0 0 / 0.55);
      color: #fff;
    }
    /* Narrow: previous and next sit at the bottom, within thumb reach, clear of the text. */
    .nav {
      bottom: 16px;
      width: 48px;
      height: 48px;
      background: rgb(255 255 255 / 0.96);
      color: #111;
      border: 1px solid var(--_border);
      box-shadow: 0 2px 12px rgb(0 0 0 / 0.2);
    }
    .nav.prev {
      inset-inline-start: 16px;
    }
    .nav.next {
      inset-inline-end: 16px;
    }
    .nav:disabled {
      opacity: 0.35;
      cursor: default;
    }
    .close svg,
    .nav svg {
      width: 24px;
      height: 24px;
    }
    svg.flip,
    :host(:dir(rtl)) .nav svg {
      transform: scaleX(-1);
    }
    :host(:dir(rtl)) .nav svg.flip {
      transform: none;
    }
    .position {
      position: fixed;
      top: 18px;
      inset-inline-start: 16px;
      z-index: 3;
      margin: 0;
      padding: 4px 10px;
      border-radius: 999px;
      background: rgb(0 0 0 / 0.7);
      color: #fff;
      font-size: 0.875em;
      font-weight: 600;
      font-variant-numeric: tabular-nums;
    }
    @media (min-width: 900px) {
      .nav {
        top: 50%;
        bottom: auto;
        width: 52px;
        height: 52px;
        border: 0;
        transform: translateY(-50%);
      }
      .nav.prev {
        inset-inline-start: 24px;
      }
      .nav.next {
        inset-inline-end: 24px;
      }
      .close {
        top: 20px;
        inset-inline-end: 24px;
        background: rgb(255 255 255 / 0.14);
      }
      .close:hover {
        background: rgb(255 255 255 / 0.24);
      }
      .position {
        top: 26px;
        inset-inline-start: 28px;
      }
    }
    @media (forced-colors: active) {
      .close,
      .nav {
        border: 1px solid ButtonText;
      }
    }
  `,
];

/** Videos the shopper pressed or typed on (their native controls), and the post each one's play was reported for. */
const touched = new WeakSet<EventTarget>();
const reported = new WeakMap<EventTarget, string>();

/** Bind to a `<video>`'s `pointerdown` and `keydown`: from then on its plays are the shopper's. */
export const noteVideoTouched = (event: Event): void => void touched.add(event.currentTarget!);

/**
 * Whether a `<video>`'s `play` event is the first play of `postId` at the shopper's
 * request: a video without `autoplay` only plays when asked (the play button, its
 * controls); an autoplaying one counts once the shopper has used its controls.
 */
export function shopperStartedVideo(event: Event, postId: string): boolean {
  const video = event.currentTarget as HTMLVideoElement;
  if ((video.autoplay && !touched.has(video)) || reported.get(video) === postId) return false;
  reported.set(video, postId);
  return true;
}

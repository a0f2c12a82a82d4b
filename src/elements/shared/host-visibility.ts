/**
 * Hides an element's host without touching its `hidden` attribute (which belongs to the
 * page): a `:state(hidden)` custom state the element's styles turn into
 * `display: none`, or an inline style where custom states are not supported.
 */
export function hostVisibility(host: HTMLElement): (hidden: boolean) => void {
  let internals: ElementInternals | undefined;
  try {
    internals = host.attachInternals();
  } catch {
    internals = undefined;
  }
  let current = false;
  return (hidden: boolean) => {
    if (hidden === current) return;
    current = hidden;
    const states = internals?.states;
    if (states !== undefined) {
      try {
        if (hidden) states.add('hidden');
        else states.delete('hidden');
        return;
      } catch {
        // Older engines only take dashed state names; fall through to the inline style.
      }
    }
    host.style.display = hidden ? 'none' : '';
  };
}

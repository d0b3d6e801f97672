/**
 * A value cut short by its column shows whole on hover, as the element's title: set when the
 * pointer comes over a cut value, or a cut link takes the focus (however its cell draws it), and taken away again if the column has
 * since grown to show it. Titles a cell sets itself are left alone.
 */
export function showWholeValue(event: { target: EventTarget | null }): void {
  const element = event.target;
  if (!(element instanceof HTMLElement)) return;
  const ours = element.dataset.wholeValue !== undefined;
  if (element.title && !ours) return;
  const cut = element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight;
  const text = element.textContent?.trim();
  if (cut && text) {
    element.title = text;
    element.dataset.wholeValue = '';
  } else if (ours) {
    element.removeAttribute('title');
    delete element.dataset.wholeValue;
  }
}

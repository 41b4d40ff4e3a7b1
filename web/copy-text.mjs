// Copy a text for a person: to the clipboard where the browser allows, else
// into a read-only field, selected, for them to copy (Copy link, the Today
// view's day card). A status line says which happened.

const SAID_FOR = 3000; // ms a "copied" line stays before it clears
const timers = new WeakMap();

/**
 * @param {string} text
 * @param {{field: HTMLInputElement|HTMLTextAreaElement, status: HTMLElement, copied: string, select: string}} where
 *   field: shown with the text selected when the clipboard is refused;
 *   copied / select: what the status line says in each case
 * @returns {Promise<boolean>} whether the clipboard took it
 */
export async function copyOrSelect(text, { field, status, copied, select }) {
  clearTimeout(timers.get(status));
  try {
    await navigator.clipboard.writeText(text);
    field.hidden = true;
    status.textContent = copied;
    timers.set(status, setTimeout(() => { status.textContent = ""; }, SAID_FOR)); // said, then out of the way
    return true;
  } catch {
    field.value = text;
    field.hidden = false;
    field.focus();
    field.select();
    status.textContent = select;
    return false;
  }
}

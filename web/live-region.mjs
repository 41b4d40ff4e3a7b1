// The board's one polite live region: what a screen reader hears, once each.
//
// The template's own live lines (message, result notes, verdicts) become
// plain text, so that nothing is read twice: the board's say() announces the
// message itself, and the other lines' new texts are passed on here, except
// progress ("Solving… 40%"), which would talk over the user.

export class LiveRegion {
  /**
   * @param {HTMLElement} root the board's root; the region is appended to it
   * @param {HTMLElement} message the status line, whose texts say() announces
   */
  constructor(root, message) {
    const notes = new Set();
    for (const element of root.querySelectorAll("[aria-live], [role=status]")) {
      element.removeAttribute("aria-live");
      element.removeAttribute("role");
      if (element !== message) notes.add(element);
    }
    const observer = new MutationObserver((records) => {
      const changed = new Set(records.map((r) => [...notes].find((note) => note.contains(r.target))));
      for (const note of changed) {
        const text = note?.textContent.trim();
        if (text && !text.includes("…")) this.announce(text);
      }
    });
    for (const note of notes) observer.observe(note, { childList: true, characterData: true, subtree: true });
    this.element = document.createElement("p");
    this.element.className = "visually-hidden live-region";
    this.element.setAttribute("aria-live", "polite");
    this.element.setAttribute("role", "status");
    root.append(this.element);
    this.announced = [];
  }

  /**
   * Queue `text` for screen readers. Everything announced in one task is read
   * as one message, in order (a move, then "Solved").
   */
  announce(text) {
    if (!text) return;
    if (this.announced.length === 0) {
      setTimeout(() => {
        this.element.textContent = this.announced.join(" ");
        this.announced = [];
      });
    }
    this.announced.push(text);
  }
}

const SHOWN_MS = 6000;

/**
 * A short note at the bottom of the page: connecting, reconnecting, a refused move. The
 * node is a polite status region, so screen readers hear it too; a note fades after a few
 * seconds, and an empty one hides it at once.
 */
export class Toast {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly node: HTMLElement) {}

  show(text: string): void {
    clearTimeout(this.timer);
    this.node.textContent = text;
    this.node.hidden = text === "";
    if (text) this.timer = setTimeout(() => (this.node.hidden = true), SHOWN_MS);
  }

  clear(): void {
    this.show("");
  }
}

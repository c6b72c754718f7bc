/**
 * The screen-reader live region: every move is announced as text. Old lines are
 * trimmed so the region stays small.
 */
export class LiveRegion {
  constructor(private readonly node: HTMLElement) {
    node.setAttribute("aria-live", "polite");
    node.setAttribute("role", "log");
  }

  say(lines: readonly string[]): void {
    for (const line of lines) {
      if (!line) continue;
      const p = document.createElement("p");
      p.textContent = line;
      this.node.append(p);
    }
    while (this.node.childElementCount > 12) this.node.firstElementChild?.remove();
  }

  /** Every line currently in the region (tests read this). */
  lines(): string[] {
    return [...this.node.querySelectorAll("p")].map((p) => p.textContent ?? "");
  }
}

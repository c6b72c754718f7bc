/**
 * Plays local hands in the page itself (scene-bench.ts's heap figure, heap-census.ts), as a
 * string evaluated in the page: `${DRIVE_HANDS}(n)` resolves once n results were shown.
 */
// Plays hands in the page itself until `hands` results were shown (the first one counted
// is the current hand): keys dispatched to the table, the rematch button pressed on the canvas.
export const DRIVE_HANDS = `(async (hands) => {
  const table = document.getElementById("table");
  const key = (k) => table.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  const sleep = (t) => new Promise((ok) => setTimeout(ok, t));
  let done = 0;
  let pressed = -1;
  let pressedAt = 0;
  while (done < hands) {
    const s = window.__yt.inspect();
    const v = s.view;
    if (v && v.phase === "over" && v.result) {
      done++;
      if (done === hands) break;
      const b = s.layout.buttons.find((x) => x.id === "rematch");
      const canvas = table.querySelector("canvas");
      const r = canvas.getBoundingClientRect();
      canvas.dispatchEvent(new PointerEvent("pointerdown", { clientX: r.left + b.x + b.w / 2, clientY: r.top + b.y + b.h / 2, bubbles: true }));
      while (window.__yt.inspect().view.phase === "over") await sleep(20);
      continue;
    }
    if (v && (v.myTurn || v.prompt === "chooseTrump") && (v.seq !== pressed || performance.now() - pressedAt > 1000)) {
      pressed = v.seq;
      pressedAt = performance.now();
      if (v.prompt === "chooseTrump") { key("ArrowRight"); key("Enter"); }
      else if (v.hand.some((h) => h.legal)) { key("ArrowRight"); key("Enter"); }
      else key("p");
    }
    await sleep(15);
  }
})`;

import { describe, expect, it } from "vitest";
import { countdownView, type CountdownActs, type CountdownSpec } from "./countdown-dialog.js";
import { bdi } from "./view.js";
import { byId, nodesOf, textOf } from "./vnode-query.js";

const SPEC: CountdownSpec = {
  id: "seat-offer",
  role: "alertdialog",
  lang: "en",
  title: ["", bdi("دانا"), " sat down at your table"],
  deadline: 0,
  buttons: [
    { id: "offer-play", text: "Play", answer: () => {} },
    { id: "offer-decline", text: "Decline", answer: () => {} },
  ],
  escape: () => {},
};

function acts(): CountdownActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    press: (b) => calls.push(`press ${b.id}`),
    escape: () => calls.push("escape"),
    started: () => calls.push("started"),
    stopped: () => calls.push("stopped"),
  };
}

describe("a countdown dialog's view", () => {
  it("is labelled by its title, the name isolated, with the seconds left; the first button is the primary one", () => {
    const view = countdownView({ spec: SPEC, serial: 1, secondsLeft: 12 }, acts());
    expect(view.data?.attrs).toMatchObject({ role: "alertdialog", "aria-labelledby": "seat-offer-title" });
    expect(textOf(byId(view, "seat-offer-title"))).toBe("دانا sat down at your table 12 s");
    expect(nodesOf(view).some((n) => n.sel === "bdi")).toBe(true);
    expect(byId(view, "offer-play").data?.class).toEqual({ primary: true });
    expect(byId(view, "offer-play").data?.hook?.insert).toBeTypeOf("function"); // it takes the focus when drawn
    expect(byId(view, "offer-decline").data?.class).toEqual({ primary: false });
  });

  it("answers by its buttons and Escape, and runs its clock from insert to destroy", () => {
    const a = acts();
    const view = countdownView({ spec: SPEC, serial: 1, secondsLeft: 12 }, a);
    (byId(view, "offer-decline").data?.on?.click as (e: Event) => void)(new Event("click"));
    const key = (k: string) => ({ key: k, stopPropagation: () => {} }) as unknown as KeyboardEvent;
    (view.data?.on?.keydown as (e: KeyboardEvent) => void)(key("Enter"));
    (view.data?.on?.keydown as (e: KeyboardEvent) => void)(key("Escape"));
    view.data?.hook?.insert?.(view);
    view.data?.hook?.destroy?.(view);
    expect(a.calls).toEqual(["press offer-decline", "escape", "started", "stopped"]);
  });
});

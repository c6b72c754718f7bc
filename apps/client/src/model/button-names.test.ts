import { describe, expect, it } from "vitest";
import { t } from "../i18n/index.js";
import { buttonSpeech } from "./button-names.js";
import type { TableView } from "./view.js";

/** The parts of a view the button names read. */
function viewWith(over: Partial<TableView>): TableView {
  return { seats: [{ isMe: true, rematch: false }], pickup: null, ...over } as unknown as TableView;
}

describe("the table buttons' names", () => {
  it("says each button in the player's language, a trump button by its suit's name", () => {
    const view = viewWith({ pickup: { count: 3, wholePile: false } });
    expect(buttonSpeech("en", view, "pickup")).toEqual({ name: "Pick up 3 cards", pressed: null });
    expect(buttonSpeech("ru", view, "pickup").name).toBe(t("ru", "pickup", { n: 3 }));
    expect(buttonSpeech("en", viewWith({ pickup: { count: 9, wholePile: true } }), "pickup").name).toBe(
      t("en", "pickupAll"),
    );
    expect(buttonSpeech("nb", view, "trump-D").name).toBe(t("nb", "suitD"));
    expect(buttonSpeech("bn", view, "hint").name).toBe(t("bn", "hint"));
    expect(buttonSpeech("tr", view, "lobby").name).toBe(t("tr", "backToLobby"));
    expect(buttonSpeech("en", view, "review").name).toBe("Review");
  });

  it("marks Rematch pressed once the player has asked for it", () => {
    expect(buttonSpeech("en", viewWith({}), "rematch")).toEqual({ name: "Rematch", pressed: false });
    expect(
      buttonSpeech(
        "en",
        viewWith({
          seats: [
            { isMe: false, rematch: true },
            { isMe: true, rematch: true },
          ] as TableView["seats"],
        }),
        "rematch",
      ).pressed,
    ).toBe(true);
  });
});

/**
 * Every table's encoder buffers are sized for a table's state (encoder-buffers.ts):
 * the largest state a table can hold — four seats with the longest names the protocol
 * lets through, uuids, ratings — with every card shown four times over (in a hand, among
 * the picked-up cards, on the pile and as taken by the last move, where a real table
 * shows each at most twice) encodes within the buffer, for everyone and through each
 * seat's view.
 */
import { describe, expect, it } from "vitest";
import { Encoder, StateView } from "@colyseus/schema";
import { ALL_CARDS } from "@yourtrumps/engine";
import { cleanName } from "@yourtrumps/protocol";
import { Seat, TableState } from "../state/table-state.js";
import { TABLE_ENCODER_BUFFER_BYTES, sizeEncoderBuffers } from "./encoder-buffers.js";

function largestTable(): TableState {
  const state = new TableState();
  state.players = 4;
  state.mode = "private";
  state.code = "K7F3QX";
  state.phase = "over";
  state.handId = crypto.randomUUID();
  const name = cleanName("👨‍👩‍👧‍👦".repeat(40)); // 25 bytes a character: 13 of them and a part, 325 bytes
  for (let i = 0; i < 4; i++) {
    const seat = new Seat();
    Object.assign(seat, {
      name,
      sessionId: "a".repeat(20),
      playerId: crypto.randomUUID(),
      rating: 2999,
      ratingAfter: 3001,
      trump: "S",
      connected: true,
      place: 4,
    });
    state.seats.push(seat);
  }
  ALL_CARDS.forEach((card, i) => {
    state.seats.at(i % 4).hand.push(card);
    state.seats.at(i % 4).pickedUp.push(card);
    state.pile.push(card);
    state.lastMove.taken.push(card);
  });
  for (let i = 0; i < 4; i++) state.result.places.push(i + 1);
  return state;
}

describe("encoder buffers", () => {
  it("hold more than the largest table state", () => {
    sizeEncoderBuffers();
    expect(Encoder.BUFFER_SIZE).toBe(TABLE_ENCODER_BUFFER_BYTES);
    const state = largestTable();
    expect(new TextEncoder().encode(state.seats.at(0).name).length).toBeGreaterThan(300);
    const encoder = new Encoder(state);
    const shared = encoder.encodeAll({ offset: 1 });
    const views = [0, 1, 2, 3].map((i) => {
      const view = new StateView();
      view.add(state.seats.at(i));
      return encoder.encodeAllView(view, shared.length, { offset: shared.length }).length;
    });
    expect(shared.length).toBeGreaterThan(1000); // the state really is the large one
    for (const length of [shared.length, ...views]) expect(length).toBeLessThan(TABLE_ENCODER_BUFFER_BYTES);
  });
});

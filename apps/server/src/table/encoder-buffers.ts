/**
 * Colyseus gives every room's encoder buffers of its own, sized by the process-wide
 * `Encoder.BUFFER_SIZE` (16 KB by default, meant for maps of moving entities): one for
 * the full state a joining client gets, and one for patches, which the first patch
 * through a StateView doubles (the encoder keeps a whole buffer free past the shared
 * part). That was 48 KB a table, a large share of what an idle table holds (heap
 * snapshots: docs/benchmarks.md). A table's whole state — four seats with the longest
 * names, every card shown even several times over — encodes to well under 4 KB
 * (encoder-buffers.test.ts), so 4 KB buffers hold it, at 12 KB a table. A state that ever
 * outgrew them would still be sent whole: the encoder grows the buffer it needed, with a
 * warning.
 */
import { Encoder } from "@colyseus/schema";

export const TABLE_ENCODER_BUFFER_BYTES = 4 * 1024;

/** Sizes the buffers of every encoder made from now on: call it before the first table is created. */
export function sizeEncoderBuffers(): void {
  Encoder.BUFFER_SIZE = TABLE_ENCODER_BUFFER_BYTES;
}

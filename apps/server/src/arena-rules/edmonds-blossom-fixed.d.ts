// The `edmonds-blossom-fixed` package (MIT, 1.0.x) ships no types: the one function pairing.ts uses.
declare module "edmonds-blossom-fixed" {
  /**
   * A maximum-weight matching of the graph given as `[vertex, vertex, weight]` edges
   * (vertices 0…n−1); with `maxCardinality`, the heaviest among the largest matchings.
   * Answers each vertex's mate, −1 for none (vertices above the highest one in an edge are absent).
   */
  function blossom(edges: [number, number, number][], maxCardinality?: boolean): number[];
  export default blossom;
}

/**
 * `@firmament/server/protocol`: the client–server contract, re-exported from its own package
 * (`@firmament/protocol`, schemas from `@firmament/protocol/schemas`) for code that imported it from here.
 */
export * from "@firmament/protocol";
export * from "@firmament/protocol/schemas";

/**
 * The protocol's version. 2 added a second game and names a table's current game `match` (its number), so
 * that `game` only ever names the kind; protocol-1 clients, which send no version, still get `game` as
 * the number too. The server answers `client/outdated` to a version it no longer speaks.
 */
export const PROTOCOL_VERSION = 2;
/** The oldest version the server still speaks. */
export const OLDEST_PROTOCOL_VERSION = 1;

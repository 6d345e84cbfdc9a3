/**
 * Test helpers every game's suites share: a seeded source of numbers for tests (never for a game's
 * secrets), random play through the contract, the counterfactual leak check and the fold check, hostile
 * and junk input, and test records.
 */
export * from "./testing/inputs";
export * from "./testing/play";
export * from "./testing/random";
export * from "./testing/records";
export * from "./testing/views";

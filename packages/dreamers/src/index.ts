export { CounterRng, isValidSeed } from "@firmament/game-kit";
export { apply, replay, tableOf } from "./apply";
export { commit, secretText, verifyCommitment } from "./commitment";
export * from "./decks";
export { evolve, evolveAll } from "./evolve";
export { fold, foldAll } from "./fold";
export { dreamers, outcome, progress } from "./game";
export { DREAMERS_TIMERS, type DreamersRoundBeliefs, dreamersFaceUrl } from "./hosting";
export { checkAction, legalActions, tableOfView } from "./legal";
export { auditRecord, dreamersRecorder, recordRounds } from "./record";
export {
  awaiting,
  honestDeclaration,
  illegality,
  modificationPossible,
  modifierOptions,
  other,
  parseAction,
  sumWith,
  type Table,
  tableSum,
} from "./rules";
export { falselyAccused, leaders, scoreRound } from "./scoring";
export { canRefill, createGame } from "./setup";
export { mulberry32, type Random, randomLegalAction, testSeed } from "./testing";
export * from "./types";
export { progressOf, roundsInGame, view, viewEvent } from "./view";
export * from "./view-types";

export { sha256Hex } from "./commitment";
export {
  type AnyGameRules,
  type GameRules,
  type Outcome,
  outcomeOf,
  type Progress,
  replay,
  replayTrajectory,
  type Seat,
  type Trajectory,
  type ViewBase,
  type Viewer,
} from "./contract";
export { guarded, guardedEntries } from "./guard";
export {
  type AuditReport,
  checkHeader,
  checkResult,
  checkRoundPoints,
  finishAudit,
  type GameRecord,
  type GameRecorder,
  line,
  MAX_RECORD_CHARS,
  parseRecord,
  RECORD_VERSION,
  type RecordedStep,
  type RecordLine,
  type RecordRound,
  type RecordSeat,
  refusedOnAudit,
  unrevealedRound,
  writeRecord,
} from "./record";
export { err, fail, ok, type Result, type RuleError } from "./result";
export { CounterRng, isValidSeed, type RngState, SEED_HEX_LENGTH } from "./rng";
export { COLOURS, type Colour, TIMER_SETTINGS, type TimerSetting, type TurnTimers } from "./table";

/**
 * Whose turn it is comes from the game's own progress in the view (`awaiting`, the contract's one turn
 * rule): the web only reads it, for every game alike.
 */
export interface TurnProgress {
  viewer: number | "spectator";
  awaiting: readonly number[];
}

/** Whether the game waits for this viewer's seat now. A spectator's turn never comes. */
export function isMyTurn(view: TurnProgress): boolean {
  return typeof view.viewer === "number" && view.awaiting.includes(view.viewer);
}

/** What the tab shows and does, given whether it is my turn, whether the tab is hidden and the setting. */
export interface CallState {
  /** Title and icon changed. */
  marked: boolean;
  /** Sound and notification now (only when the turn has just come, once per turn). */
  ring: boolean;
}

export function callState(wasMine: boolean, mine: boolean, hidden: boolean, enabled: boolean): CallState {
  const marked = enabled && hidden && mine;
  return { marked, ring: marked && !wasMine };
}

/** The tab's favicon while it is your turn: the app's star with a bright dot. */
export const TURN_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M12 1.5 14.9 8.4 22.3 9 16.7 13.9 18.4 21.2 12 17.3 5.6 21.2 7.3 13.9 1.7 9 9.1 8.4Z' fill='%23f0e6b8'/%3E%3Ccircle cx='18.5' cy='5.5' r='5.5' fill='%23ff4d6d'/%3E%3C/svg%3E";

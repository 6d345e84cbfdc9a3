/** Which lessons of one table's guided game were seen, and whether it was skipped (kept in this browser). */
export interface GuideProgress {
  seen: string[];
  skipped: boolean;
}

const KEY = "firmament.guide";

function readAll(): Record<string, GuideProgress> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, GuideProgress>) : {};
  } catch {
    return {};
  }
}

export function loadProgress(code: string): GuideProgress {
  const entry = readAll()[code];
  return entry && Array.isArray(entry.seen) && typeof entry.skipped === "boolean"
    ? { seen: entry.seen.filter((s) => typeof s === "string"), skipped: entry.skipped }
    : { seen: [], skipped: false };
}

export function saveProgress(code: string, progress: GuideProgress): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [code]: progress }));
  } catch {
    // not remembered: the guide still works until the page is closed
  }
}

/**
 * Seat and host tokens kept in this browser (localStorage), so a reload or a closed tab brings the
 * player back to their seat. Keyed by table code; nothing else about the game is stored.
 */
export interface SeatToken {
  seat: number;
  token: string;
}

const SEATS = "firmament.seats";
const HOSTS = "firmament.hosts";
const NAME = "firmament.name";

function read(key: string): Record<string, unknown> {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function write(key: string, value: Record<string, unknown>): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the seat still works until the page is closed.
  }
}

export function seatToken(code: string): SeatToken | null {
  const entry = read(SEATS)[code] as Partial<SeatToken> | undefined;
  return entry && typeof entry.token === "string" && typeof entry.seat === "number"
    ? { seat: entry.seat, token: entry.token }
    : null;
}

export function saveSeatToken(code: string, entry: SeatToken | null): void {
  const all = read(SEATS);
  if (entry) all[code] = entry;
  else delete all[code];
  write(SEATS, all);
}

export function hostToken(code: string): string | null {
  const token = read(HOSTS)[code];
  return typeof token === "string" ? token : null;
}

export function saveHostToken(code: string, token: string): void {
  write(HOSTS, { ...read(HOSTS), [code]: token });
}

export function lastName(): string {
  try {
    return window.localStorage.getItem(NAME) ?? "";
  } catch {
    return "";
  }
}

export function saveName(name: string): void {
  try {
    window.localStorage.setItem(NAME, name);
  } catch {
    // ignore
  }
}

/** Every seat this browser holds a token for (a guest's games, which join an account made here). */
export function allSeatTokens(): Array<{ code: string; token: string }> {
  return Object.keys(read(SEATS)).flatMap((code) => {
    const entry = seatToken(code);
    return entry && /^[A-HJKMNP-Z2-9]{6}$/.test(code) ? [{ code, token: entry.token }] : [];
  });
}

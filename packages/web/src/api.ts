import type {
  CreateTableBody,
  CreateTableResponse,
  CreateTutorialBody,
  CreateTutorialResponse,
  CustomDeckResponse,
  DeckChoice,
  DeckResponse,
  ErrorBody,
  JoinTableBody,
  JoinTableResponse,
  LeaderboardResponse,
  MatchHistoryResponse,
  NetworkResponse,
  PlayerProfile,
  ProtocolError,
  ReplayResponse,
  TableInfo,
  TableListResponse,
  YourGamesBody,
  YourGamesResponse,
} from "@firmament/protocol";

/** An HTTP call that failed, with the server's error code (or `network`). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
  toProtocolError(): ProtocolError {
    return { code: this.code, message: this.message };
  }
}

export async function call<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError("network", error instanceof Error ? error.message : String(error), 0);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const error = (parsed as Partial<ErrorBody> | null)?.error;
    throw new ApiError(
      error?.code ?? `http/${response.status}`,
      error?.message ?? response.statusText,
      response.status,
    );
  }
  return parsed as T;
}

/** `GET /api/games`: the games this server hosts, with their seat ranges. */
export interface GamesResponse {
  games: Array<{ kind: string; seats: { min: number; max: number } }>;
}

/**
 * `?table=CODE` on the calls a table's owner answers: a cluster's front (nginx, `hash $arg_table
 * consistent`) sends them to the process that owns the table, as it does the table's socket.
 */
const routed = (code: string) => `?table=${encodeURIComponent(code.toUpperCase())}`;

export const api = {
  games: () => call<GamesResponse>("GET", "/api/games"),
  createTable: (body: CreateTableBody) => call<CreateTableResponse>("POST", "/api/tables", body),
  createTutorial: (body: CreateTutorialBody) => call<CreateTutorialResponse>("POST", "/api/tutorials", body),
  createQuickGame: (body: CreateTutorialBody) =>
    call<CreateTutorialResponse>("POST", "/api/quick-games", body),
  joinTable: (code: string, body: JoinTableBody) =>
    call<JoinTableResponse>("POST", `/api/tables/${encodeURIComponent(code)}/join${routed(code)}`, body),
  table: (code: string) => call<TableInfo>("GET", `/api/tables/${encodeURIComponent(code)}${routed(code)}`),
  matches: (code: string) =>
    call<MatchHistoryResponse>("GET", `/api/tables/${encodeURIComponent(code)}/matches`),
  replay: (code: string, match: number) =>
    call<ReplayResponse>("GET", `/api/tables/${encodeURIComponent(code)}/matches/${match}/replay`),
  publicTables: () => call<TableListResponse>("GET", "/api/tables"),
  /** "Your games": this browser's seats (and, signed in, the account's tables on every device). */
  yourGames: (body: YourGamesBody) => call<YourGamesResponse>("POST", "/api/your-games", body),
  network: () => call<NetworkResponse>("GET", "/api/network"),
  player: (name: string) => call<PlayerProfile>("GET", `/api/players/${encodeURIComponent(name)}`),
  leaderboard: (game: string) =>
    call<LeaderboardResponse>("GET", `/api/leaderboards/${encodeURIComponent(game)}`),
  deck: (choice: DeckChoice = "standard") =>
    call<DeckResponse>(
      "GET",
      choice === "standard" ? "/api/decks/standard" : `/api/decks/${encodeURIComponent(choice.custom)}`,
    ),
};

/** An upload error from the server (or `network`), with the offending file's name when there is one. */
export class UploadError extends ApiError {
  constructor(
    code: string,
    message: string,
    status: number,
    readonly file: string | null,
  ) {
    super(code, message, status);
  }
}

export interface UploadProgress {
  /** Bytes sent so far and in all. */
  sent: number;
  total: number;
}

/**
 * Uploads pictures as a custom deck (multipart, field `images`), reporting progress as the bytes go out
 * (fetch cannot, so this uses XMLHttpRequest). Resolves with the stored deck; rejects with UploadError.
 */
export function uploadDeck(
  files: readonly File[],
  name: string,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<CustomDeckResponse> {
  const form = new FormData();
  if (name.trim()) form.append("name", name.trim());
  for (const file of files) form.append("images", file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/decks");
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => onProgress({ sent: e.loaded, total: e.lengthComputable ? e.total : 0 });
    // all bytes are out: from here the server is preparing the cards
    xhr.upload.onload = (e) => onProgress({ sent: e.loaded, total: e.loaded });
    xhr.onerror = () => reject(new UploadError("network", "The server cannot be reached.", 0, null));
    xhr.onabort = () => reject(new UploadError("upload/aborted", "The upload was cancelled.", 0, null));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201) return resolve(body as CustomDeckResponse);
      const error = (body as Partial<ErrorBody> | null)?.error;
      reject(
        new UploadError(
          error?.code ?? `http/${xhr.status}`,
          error?.message ?? xhr.statusText,
          xhr.status,
          error?.file ?? null,
        ),
      );
    };
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}

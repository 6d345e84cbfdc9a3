import type {
  CreateTableBody,
  CreateTableResponse,
  DeckResponse,
  ErrorBody,
  JoinTableBody,
  JoinTableResponse,
  ProtocolError,
  TableInfo,
  TableListResponse,
} from "./protocol";

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

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
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

export const api = {
  createTable: (body: CreateTableBody) => call<CreateTableResponse>("POST", "/api/tables", body),
  joinTable: (code: string, body: JoinTableBody) =>
    call<JoinTableResponse>("POST", `/api/tables/${encodeURIComponent(code)}/join`, body),
  table: (code: string) => call<TableInfo>("GET", `/api/tables/${encodeURIComponent(code)}`),
  publicTables: () => call<TableListResponse>("GET", "/api/tables"),
  deck: () => call<DeckResponse>("GET", "/api/decks/standard"),
};

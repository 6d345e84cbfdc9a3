import { useEffect, useState } from "react";
import { ApiError } from "../../api";

/** What a GET gave: the value, or the error's code, or nothing yet. Fetched again when `key` changes. */
export function useFetched<T>(
  key: string,
  load: () => Promise<T>,
): { value: T | null; error: string | null } {
  const [state, setState] = useState<{ key: string; value: T | null; error: string | null }>({
    key: "",
    value: null,
    error: null,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new function each render; `key` names what it loads
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ key, value, error: null }),
      (error: unknown) =>
        live && setState({ key, value: null, error: error instanceof ApiError ? error.code : "network" }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state.key === key ? state : { value: null, error: null };
}

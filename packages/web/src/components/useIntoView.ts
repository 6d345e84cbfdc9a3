import { type RefObject, useEffect, useRef } from "react";

/**
 * A ref whose element is scrolled into view when it first appears (a game's end, say, which may appear
 * below the fold). At once, not smoothly: a control the player is about to press must not move under
 * the pointer. The focus stays where it was.
 */
export function useIntoViewOnAppear<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "start" });
  }, []);
  return ref;
}

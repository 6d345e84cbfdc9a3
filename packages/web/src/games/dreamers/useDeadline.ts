import type { ViewPush } from "@firmament/protocol";
import { useEffect, useRef, useState } from "react";

/**
 * The turn timer's deadline on this device's clock (the server's, corrected by the skew seen when the
 * push arrived), or null; re-renders every second while it runs so countdowns tick.
 */
export function useDeadline(push: ViewPush): number | null {
  const offset = useRef(0);
  useEffect(() => {
    offset.current = push.now - Date.now();
  }, [push]);
  const deadline = push.deadline === null ? null : push.deadline - offset.current;
  const [, tick] = useState(0);
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => tick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline;
}

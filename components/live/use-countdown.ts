"use client";
import { useEffect, useState } from "react";

/** Seconds left until `seconds` after `since` (ms); counts down once a second, 0 when over or unset. */
export function useCountdown(seconds: number | undefined, since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (seconds === undefined || since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds, since]);
  if (seconds === undefined || since === null) return 0;
  return Math.min(seconds, Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000)));
}

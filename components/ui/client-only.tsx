"use client";
import { useSyncExternalStore, type ReactNode } from "react";

const subscribe = () => () => {};

/**
 * Renders `children` only in the browser, `fallback` on the server and during hydration. Recharts measures the DOM
 * and uses Math.random ids, which break prerendering with cacheComponents (docs/TOOLCHAIN.md pitfall 6).
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const isClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return <>{isClient ? children : fallback}</>;
}

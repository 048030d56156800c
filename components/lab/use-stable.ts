"use client";
import { useState } from "react";

/**
 * `value` as first seen for each `key`: a new object with the same key returns the stored one, so effects and memos
 * that depend on it do not run again. (Storing from the previous render is React's documented pattern for this.)
 */
export function useStable<T>(value: T, key: string): T {
  const [stored, setStored] = useState({ key, value });
  if (stored.key !== key) {
    setStored({ key, value });
    return value;
  }
  return stored.value;
}

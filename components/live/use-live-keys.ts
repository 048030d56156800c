"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  keySlotFor,
  normaliseKey,
  readRememberedKeys,
  REMEMBERED_KEYS_STORAGE_KEY,
  writeRememberedKeys,
  type KeySlot,
  type Keyring,
} from "@/lib/live/key-storage";
import type { LiveCall } from "@/lib/live/types";
import { browserStorage } from "@/components/share/browser-storage";

export type LiveKeys = {
  keys: Keyring;
  remember: boolean;
  setKey: (slot: KeySlot, value: string) => void;
  setRemember: (remember: boolean) => void;
  /** Forgets one slot's key (or all), in memory and in storage. */
  clear: (slot?: KeySlot) => void;
  /** For the HTTP transport: the pasted key for a call, read at send time. */
  keyFor: (call: LiveCall) => string | undefined;
};

/**
 * Pasted keys. They live in this hook's state (this tab's memory), never in the page store or a share link; only
 * when "remember on this device" is ticked are they written, to their own localStorage entry
 * (REMEMBERED_KEYS_STORAGE_KEY). Unticking removes that entry.
 */
export function useLiveKeys(): LiveKeys {
  const [keys, setKeys] = useState<Keyring>({});
  const [remember, setRememberState] = useState(false);
  const latest = useRef(keys);
  latest.current = keys;

  // Storage is read after mount, so the server render and the first client render agree.
  useEffect(() => {
    const storage = browserStorage();
    const remembered = storage ? readRememberedKeys(storage) : {};
    if (Object.keys(remembered).length > 0) {
      setKeys(remembered);
      setRememberState(true);
    }
  }, []);

  const persist = useCallback((next: Keyring, shouldRemember: boolean) => {
    // Storage blocked or full: the key still works from this tab's memory, it is just not remembered.
    const storage = browserStorage();
    if (!storage) return;
    try {
      if (shouldRemember) writeRememberedKeys(storage, next);
      else storage.removeItem(REMEMBERED_KEYS_STORAGE_KEY);
    } catch {
      // Nothing to undo: the key stays in memory only.
    }
  }, []);

  const setKey = useCallback(
    (slot: KeySlot, value: string) => {
      const next = { ...latest.current, [slot]: normaliseKey(value) };
      setKeys(next);
      if (remember) persist(next, true);
    },
    [persist, remember],
  );

  const setRemember = useCallback(
    (value: boolean) => {
      setRememberState(value);
      persist(latest.current, value);
    },
    [persist],
  );

  const clear = useCallback(
    (slot?: KeySlot) => {
      const next: Keyring = slot ? { ...latest.current, [slot]: "" } : {};
      setKeys(next);
      persist(next, remember && Object.values(next).some(Boolean));
    },
    [persist, remember],
  );

  const keyFor = useCallback(
    (call: LiveCall) => latest.current[keySlotFor(call.provider, call.endpoint)] || undefined,
    [],
  );

  return { keys, remember, setKey, setRemember, clear, keyFor };
}

"use client";
import { useEffect, useState } from "react";
import type { LabClient } from "@/workers/lab-client";
import type { LabAnswers, LabRequest, LabRequestType } from "@/lib/lab/lab-protocol";

type RequestBody<T extends LabRequestType> = Omit<Extract<LabRequest, { type: T }>, "type" | "requestId">;

export type LabAnswerState<T extends LabRequestType> = {
  /** The newest answer; kept while a newer request runs, so numbers change in place instead of blinking. */
  answer: LabAnswers[T] | undefined;
  /** The body the answer belongs to. */
  answeredBody: RequestBody<T> | undefined;
  pending: boolean;
  error: string | undefined;
};

/**
 * Asks the lab worker whenever `body` changes (after `debounceMs`), and keeps the newest answer. Stale answers are
 * dropped by the client; `body` undefined asks nothing. Memoise `body` in the caller: it is compared by identity.
 */
export function useLabAnswer<T extends LabRequestType>(
  client: LabClient | undefined,
  type: T,
  body: RequestBody<T> | undefined,
  debounceMs = 0,
): LabAnswerState<T> {
  const [state, setState] = useState<LabAnswerState<T>>({
    answer: undefined,
    answeredBody: undefined,
    pending: false,
    error: undefined,
  });

  useEffect(() => {
    if (client === undefined || body === undefined) return;
    let cancelled = false;
    setState((previous) => ({ ...previous, pending: true }));
    const timer = setTimeout(() => {
      void client.request(type, body).then((outcome) => {
        if (cancelled) return;
        if (outcome.ok) setState({ answer: outcome.value, answeredBody: body, pending: false, error: undefined });
        else if (!outcome.stale) setState((previous) => ({ ...previous, pending: false, error: outcome.message }));
      });
    }, debounceMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, type, body, debounceMs]);

  return state;
}

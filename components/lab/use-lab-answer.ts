"use client";
import { useEffect, useState } from "react";
import type { LabClient } from "@/workers/lab-client";
import type { LabAnswers, LabInterims, LabRequest, LabRequestType } from "@/lib/lab/lab-protocol";

type RequestBody<T extends LabRequestType> = Omit<Extract<LabRequest, { kind: T }>, "kind" | "requestId">;

export type LabAnswerState<T extends LabRequestType> = {
  /** The newest answer; kept while a newer request runs, so numbers change in place instead of blinking. */
  answer: LabAnswers[T] | undefined;
  /** The body the answer belongs to. */
  answeredBody: RequestBody<T> | undefined;
  pending: boolean;
  error: string | undefined;
  /** What the worker has told about the pending request so far (an evaluation's finished searches). */
  interim: LabInterims[T] | undefined;
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
    interim: undefined,
  });

  useEffect(() => {
    if (client === undefined || body === undefined) return;
    let cancelled = false;
    setState((previous) => ({ ...previous, pending: true, interim: undefined }));
    const timer = setTimeout(() => {
      const onInterim = (interim: LabInterims[T]) => {
        if (!cancelled) setState((previous) => ({ ...previous, interim }));
      };
      void client.request(type, body, onInterim).then((outcome) => {
        if (cancelled) return;
        if (outcome.ok)
          setState({ answer: outcome.value, answeredBody: body, pending: false, error: undefined, interim: undefined });
        else if (!outcome.stale)
          setState((previous) => ({ ...previous, pending: false, error: outcome.message, interim: undefined }));
      });
    }, debounceMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, type, body, debounceMs]);

  return state;
}

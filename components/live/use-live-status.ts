"use client";
import { useEffect, useState } from "react";
import { apiFetch } from "@/components/share/page-token";
import type { LiveStatusBody } from "@/lib/live/api-schema";
import { LIVE_STATUS_PATH } from "@/lib/live/paths";

/** What live mode can do on this server (which providers have a server key…); null until known or on failure. */
export function useLiveStatus(): LiveStatusBody | null {
  const [status, setStatus] = useState<LiveStatusBody | null>(null);
  useEffect(() => {
    let cancelled = false;
    apiFetch(LIVE_STATUS_PATH)
      .then((response) => (response.ok ? (response.json() as Promise<LiveStatusBody>) : null))
      .then((body) => {
        if (!cancelled) setStatus(body);
      })
      .catch(() => {
        if (!cancelled) setStatus(null);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return status;
}

/** How to capture a trace, in the three ways most agents allow. */
export function TraceHelp() {
  return (
    <div className="space-y-2 text-sm text-ink-soft" data-testid="trace-help">
      <p>
        A trace is what your agent really sent: a <strong>HAR</strong> file or <strong>JSON Lines</strong> (one request
        body, or <code>{'{"timestamp", "request", "response"}'}</code>, per line). Keys, cookies and authorization
        headers are dropped while the file is read; nothing leaves this browser.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          <strong>Browser devtools</strong>: Network tab, filter on the provider&apos;s domain, right-click → “Save all
          as HAR”.
        </li>
        <li>
          <strong>mitmproxy</strong>: run your agent through <code>mitmdump</code> and export the flows as HAR (
          <code>mitmdump -r flows --set hardump=trace.har</code>); Charles and other proxies export HAR too.
        </li>
        <li>
          <strong>An SDK&apos;s request logging</strong>: write each request body (and its response or just its{" "}
          <code>usage</code>) with a timestamp, one JSON object per line. Logs of HTTP pairs (claude-trace&apos;s{" "}
          <code>.claude-trace/*.jsonl</code>) and Bedrock or Vertex AI requests are read too.
        </li>
      </ul>
      <p data-testid="trace-help-not-traces">
        Not a trace: a Claude Code transcript (<code>~/.claude/projects</code>), OpenTelemetry spans, Langfuse or
        LiteLLM logs keep the messages and usage but not the tools, system prompt and cache markers each request
        carried, which decide the cache. Capture the requests as above instead.
      </p>
    </div>
  );
}

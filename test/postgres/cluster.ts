/**
 * A throw-away PostgreSQL cluster for tests: `initdb` into a temporary folder, `pg_ctl start` on a loopback port
 * with its socket in that folder, stopped and removed by `stop()` (and at process exit, should a test runner die
 * first). initdb refuses to run as root, so as root the cluster runs as Debian's `postgres` user (runuser).
 *
 * Without PostgreSQL installed the cluster is null and the Postgres tests say they are skipped; under CI (the `CI`
 * variable, set by .ci/run) that is an error instead, so CI never passes without having run them.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export type PostgresCluster = {
  /** postgresql://playground@127.0.0.1:<port>/postgres */
  url: string;
  /** A new empty database on this cluster; its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
};

function binDirectory(): string | null {
  const onPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  if (onPath.status === 0 && onPath.stdout.trim()) return path.dirname(fs.realpathSync(onPath.stdout.trim()));
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], "bin") : null;
}

function unavailable(reason: string): null {
  if (process.env.CI) throw new Error(`postgres tests: ${reason} (CI must run them: .ci/run installs postgresql)`);
  console.warn(`postgres tests skipped: ${reason}`);
  return null;
}

export function startPostgresCluster(port: number): PostgresCluster | null {
  const bin = binDirectory();
  if (!bin) return unavailable("no initdb on PATH or under /usr/lib/postgresql");
  const asRoot = process.getuid?.() === 0;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "playground-pg-"));
  const data = path.join(folder, "data");
  const run = (command: string, args: string[]) => {
    const [file, fullArgs] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    return execFileSync(file, fullArgs, { stdio: "pipe", encoding: "utf8" });
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    if (!Number.isInteger(uid)) return unavailable("running as root and there is no postgres user");
    fs.chownSync(folder, uid, gid);
  }
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Already gone: the folder goes anyway.
      }
    }
    fs.rmSync(folder, { recursive: true, force: true });
    process.off("exit", stop);
  };
  try {
    // --no-sync and fsync=off: a test cluster never needs to survive a power cut, and start-up is then ~1 s.
    run("initdb", ["-D", data, "-U", "playground", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
    process.on("exit", stop);
    started = true;
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(folder, "server.log"),
      "-o",
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      "-w",
      "start",
    ]);
  } catch (error) {
    const log = path.join(folder, "server.log");
    const detail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").slice(-800) : "";
    stop();
    return unavailable(`the cluster did not start: ${(error as Error).message}\n${detail}`);
  }
  const url = (database: string) => `postgresql://playground@127.0.0.1:${port}/${database}`;
  return {
    url: url("postgres"),
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
  };
}

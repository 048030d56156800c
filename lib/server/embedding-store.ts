/**
 * The server's and the CLI's embedding cache: vectors kept in the embedded SQLite store beside short links
 * (`embeddings.sqlite` in the data folder), keyed by vector space (endpoint and model, never the key) and text hash,
 * so a catalog is embedded once per machine. A store that cannot be opened or written (read-only disk) degrades to
 * no cache rather than failing the search: the vectors are then fetched again next time.
 *
 * Node-only: used by scripts/eval-search.ts and server routes.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { EmbeddingCache } from "../search/embeddings/types";

export class SqliteEmbeddingCache implements EmbeddingCache {
  private readonly database: Database.Database;
  private readonly select: Database.Statement<[string], { vector: Buffer }>;
  private readonly insert: Database.Statement<[string, number, Buffer, number]>;

  constructor(directory: string) {
    fs.mkdirSync(directory, { recursive: true });
    this.database = new Database(path.join(directory, "embeddings.sqlite"));
    this.database.pragma("journal_mode = WAL");
    this.database.exec(
      "CREATE TABLE IF NOT EXISTS embeddings (key TEXT PRIMARY KEY, dimensions INTEGER NOT NULL, vector BLOB NOT NULL, created_at INTEGER NOT NULL)",
    );
    this.select = this.database.prepare("SELECT vector FROM embeddings WHERE key = ?");
    this.insert = this.database.prepare(
      "INSERT OR REPLACE INTO embeddings (key, dimensions, vector, created_at) VALUES (?, ?, ?, ?)",
    );
  }

  async getMany(keys: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    for (const key of keys) {
      const row = this.select.get(key);
      if (row === undefined) continue;
      // Copy out of SQLite's buffer: a Float32Array view needs 4-byte alignment, which a Buffer slice may lack.
      const bytes = new Uint8Array(row.vector);
      found.set(key, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    }
    return found;
  }

  async putMany(entries: ReadonlyArray<readonly [string, Float32Array]>): Promise<void> {
    const now = Date.now();
    const write = this.database.transaction(() => {
      for (const [key, vector] of entries) {
        this.insert.run(key, vector.length, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), now);
      }
    });
    write();
  }

  close(): void {
    this.database.close();
  }
}

import { randomBytes } from 'node:crypto';
import { createPostgresDb } from '../../src/db/index.js';

/** The machine's PostgreSQL (.ci/run starts it when absent): trust auth on loopback. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file; `drop` removes it (and its connections). */
export async function createScratchDatabase(label = 'test'): Promise<ScratchDatabase> {
  const name = `julia_${label}_${randomBytes(4).toString('hex')}`;
  const admin = createPostgresDb({ url: TEST_POSTGRES_URL, max: 1 });
  try {
    await admin.exec(`create database ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const a = createPostgresDb({ url: TEST_POSTGRES_URL, max: 1 });
      try {
        await a.exec(`drop database if exists ${name} with (force)`);
      } finally {
        await a.close();
      }
    },
  };
}

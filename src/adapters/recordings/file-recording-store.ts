import fs from 'node:fs/promises';
import path from 'node:path';
import type { RecordingStore } from '../../domain/ports/recording-store.js';

/** Recordings as files under a directory (default `<data dir>/recordings`); the content type in a sidecar. */
export class FileRecordingStore implements RecordingStore {
  constructor(private readonly dir: string) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.writeFile(`${file}.type`, contentType);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    try {
      const bytes = await fs.readFile(this.file(key));
      const contentType = await fs.readFile(`${this.file(key)}.type`, 'utf8').catch(() => 'application/octet-stream');
      return { bytes, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.type`, { force: true });
  }

  private file(key: string): string {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(key)) throw new Error(`Invalid recording key ${key}`);
    return path.join(this.dir, key);
  }
}

/** Where call recordings are kept (the data directory by default: src/adapters/recordings/). */
export interface RecordingStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Deletes what is stored under the key; nothing stored is not an error (the retention sweep may repeat it). */
  delete(key: string): Promise<void>;
}

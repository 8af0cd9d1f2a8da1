/** Where call recordings are kept (the data directory by default: src/adapters/recordings/). */
export interface RecordingStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
}

// A byte-range source over a file's bytes in memory, shaped as the pmtiles reader's `Source`, so tests
// read an archive the server wrote through the reader MapLibre pages use (no HTTP server needed).
export class BufferSource {
  constructor(
    private readonly bytes: Buffer,
    private readonly key = 'buffer',
  ) {}

  getKey(): string {
    return this.key;
  }

  async getBytes(offset: number, length: number): Promise<{ data: ArrayBuffer }> {
    const slice = this.bytes.subarray(offset, offset + length);
    return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.byteLength) as ArrayBuffer };
  }
}

/**
 * An answer refused for its size (post-json.ts): a declared Content-Length over
 * the cap is refused before a byte is read, an undeclared or lying one is cut
 * off while streaming. A 40 MB video answered by getBase64FromMediaMessage must
 * never land in memory whole.
 */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`response body over ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

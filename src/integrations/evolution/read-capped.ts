/**
 * Reads a response body as text, refusing it once it passes `maxBytes`: a
 * declared Content-Length over the cap is refused before a byte is read, and an
 * undeclared or lying one is cut off while streaming. A 40 MB video answered
 * by getBase64FromMediaMessage must never land in memory whole.
 */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`response body over ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

export async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

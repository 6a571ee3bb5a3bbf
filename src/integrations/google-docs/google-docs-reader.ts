import { AppError } from '../../shared/errors.js';

export interface DocumentReaderOptions {
  /** GOOGLE_DOCS_BASE_URL: https://docs.google.com in production, a loopback fake in tests. */
  baseUrl: string;
  timeoutMs?: number;
  maxBytes?: number;
}

export class DocumentError extends AppError {
  constructor(message: string) {
    super('document', message);
  }
}

/**
 * Reads a Google Doc as plain text through its export endpoint. Only a
 * document id is taken from the manager's link: the request always goes to the
 * configured base URL, so a link cannot point the server anywhere else.
 */
export function createGoogleDocsReader(opts: DocumentReaderOptions) {
  const base = opts.baseUrl.replace(/\/$/, '');
  const maxBytes = opts.maxBytes ?? 512 * 1024;
  return {
    async read(url: string): Promise<string> {
      const id = /\/document\/d\/([A-Za-z0-9_-]{10,})/.exec(url)?.[1];
      if (!id) throw new DocumentError('link do Google Docs inválido (esperado .../document/d/<id>/...)');
      const res = await fetch(`${base}/document/d/${id}/export?format=txt`, { redirect: 'follow', signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) }).catch((err: Error) => {
        throw new DocumentError(`não consegui ler o documento: ${err.message}`);
      });
      if (!res.ok) throw new DocumentError(`o Google Docs respondeu ${res.status}; o documento está compartilhado para leitura?`);
      const text = await res.text();
      if (Buffer.byteLength(text) > maxBytes) throw new DocumentError('documento grande demais para um briefing');
      return text.replace(/^\uFEFF/, '');
    },
  };
}

import { HttpFake } from './http-fake.js';

/** Google Docs' plain-text export (`/document/d/<id>/export?format=txt`) on loopback. */
export class GoogleDocsFake extends HttpFake {
  private docs = new Map<string, string>();

  constructor() {
    super('google docs fake');
    this.route('GET', '/document/d/:id/export', (_req, p) => {
      const text = this.docs.get(p['id'] ?? '');
      // Google answers an unshared document with a login page, not a 404; a 401 is close enough for the adapter.
      return text === undefined ? { status: 401, body: 'login required' } : { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: text };
    });
  }

  /** Publishes a document; returns the link a manager would paste. */
  publish(id: string, text: string): string {
    this.docs.set(id, text);
    return `https://docs.google.com/document/d/${id}/edit`;
  }
}

export async function startGoogleDocsFake(): Promise<GoogleDocsFake> {
  return new GoogleDocsFake().listen();
}

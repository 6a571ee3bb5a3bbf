import type { RecordedRequest } from './read-request.js';

export interface MultipartFile {
  field: string;
  fileName: string;
  mimetype: string;
  data: Buffer;
}

export interface Multipart {
  fields: Record<string, string>;
  files: MultipartFile[];
}

/** A multipart/form-data request's fields and files (undici's parser, as a real server would read it); null when not multipart. */
export async function multipartOf(req: RecordedRequest): Promise<Multipart | null> {
  const type = req.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) return null;
  const form = await new Request('http://fake.local/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(req.bytes) }).formData();
  const out: Multipart = { fields: {}, files: [] };
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') out.fields[field] = value;
    else out.files.push({ field, fileName: value.name, mimetype: value.type, data: Buffer.from(await value.arrayBuffer()) });
  }
  return out;
}

/**
 * Models wrap JSON in prose, fences and trailing commas. We take the first
 * balanced object or array in the text, drop trailing commas outside strings,
 * and parse. Anything still invalid is `undefined`: the caller decides.
 */
export function parseTolerantJson(text: string): unknown {
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/i.exec(text);
  const source = fenced ? fenced[1]! : text;
  const span = firstBalanced(source);
  if (!span) return undefined;
  try {
    return JSON.parse(dropTrailingCommas(span));
  } catch {
    return undefined;
  }
}

function firstBalanced(text: string): string | undefined {
  const start = text.search(/[[{]/);
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}

function dropTrailingCommas(json: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += json[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ',' && /^\s*[}\]]/.test(json.slice(i + 1))) continue;
    out += c;
  }
  return out;
}

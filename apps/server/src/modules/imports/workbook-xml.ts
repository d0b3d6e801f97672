import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';
import { limitMessages, MAX_ROW_CHARS, overLimit } from './import-limits.js';
import { NotAWorkbook } from './workbook-zip.js';

/** SpreadsheetML nests a handful of levels; a deep nest only grows the parser's stack. */
const MAX_DEPTH = 64;
/** A SpreadsheetML element has a few attributes; thousands only grow one object. */
const MAX_ATTRIBUTES = 64;

export interface XmlHandlers {
  /** An element opens: its name without a namespace prefix, and its attributes as written. */
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its name without a prefix (`r:id` and `id` alike). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}

/**
 * Streams a part's XML through the handlers, chunk by chunk, yielding after each chunk so that the
 * caller can hand on what the handlers gathered. The parser keeps a text or a tag whole until it
 * ends, so a run of characters without a `<` is bounded (a single cell of hundreds of megabytes
 * would otherwise sit in memory), and so are nesting and attributes.
 */
export async function* parseXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser({ position: false });
  let depth = 0;
  let attributes = 0;
  parser.on('attribute', () => {
    if (++attributes > MAX_ATTRIBUTES) throw new NotAWorkbook('too many attributes');
  });
  parser.on('opentag', (tag) => {
    attributes = 0;
    if (++depth > MAX_DEPTH) throw new NotAWorkbook('nested too deep');
    handlers.open?.(localName(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    depth--;
    handlers.close?.(localName(tag.name));
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  parser.on('error', (error) => {
    throw new NotAWorkbook(error.message);
  });
  const decoder = new TextDecoder('utf-8');
  let run = 0;
  const feed = (text: string) => {
    const first = text.indexOf('<');
    if (first < 0) run += text.length;
    else {
      if (run + first > MAX_ROW_CHARS) throw overLimit(limitMessages.rowChars);
      run = text.length - text.lastIndexOf('<') - 1;
    }
    if (run > MAX_ROW_CHARS) throw overLimit(limitMessages.rowChars);
    parser.write(text);
  };
  for await (const chunk of chunks) {
    feed(decoder.decode(chunk, { stream: true }));
    yield;
  }
  feed(decoder.decode());
  parser.close();
}

/** Reads a whole (small) part through the handlers. */
export async function readXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  for await (const _ of parseXml(chunks, handlers)) {
    // Each chunk is handled as it is parsed.
  }
}

/** OOXML escapes characters XML cannot hold as _xHHHH_ (and a literal "_x" as _x005F_x). */
export function unescapeOoxml(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;
}

/**
 * Writes a streamed text answer to stdout chunk by chunk, whatever shape the client hands it over in
 * (a web ReadableStream, an async iterable of text or bytes, or the whole text), so large exports never sit
 * in memory twice.
 */
export async function writeTextStream(body: unknown, write: (text: string) => void): Promise<void> {
  if (typeof body === 'string') {
    write(body);
    return;
  }
  const decoder = new TextDecoder();
  const source =
    body && typeof (body as ReadableStream).getReader === 'function'
      ? readerChunks((body as ReadableStream<Uint8Array | string>).getReader())
      : (body as AsyncIterable<Uint8Array | string>);
  for await (const chunk of source) {
    write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
  const rest = decoder.decode();
  if (rest) write(rest);
}

async function* readerChunks<T>(reader: ReadableStreamDefaultReader<T>): AsyncIterable<T> {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

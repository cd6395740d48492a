/**
 * Files to and from the API in the back office: saving an export as a download, and
 * uploading with progress (fetch cannot report an upload's progress; XMLHttpRequest can),
 * with the answer streamed as it arrives. Kept out of api-client.ts so the storefront's
 * entry bundle does not carry them.
 */

/** Saves a file the API answered with (a CSV export) under `name`, as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch that reports the upload's progress (0 to 1): pass it as a request's `transport`.
 * The answer resolves as soon as its headers arrive and its body streams as it comes in
 * (read as text, so for JSON or text answers), so a caller can read a long answer, such as
 * the catalogue import's progress lines, while the server is still writing it.
 */
export function uploadWithProgress(onProgress: (fraction: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', String(input));
      for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
        xhr.setRequestHeader(name, value);
      }
      const encoder = new TextEncoder();
      let body!: ReadableStreamDefaultController<Uint8Array>;
      let open = true;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          body = controller;
        },
        // The reader gave up: so does the request.
        cancel() {
          open = false;
          xhr.abort();
        },
      });
      let seen = 0;
      const pass = () => {
        const text = xhr.responseText;
        if (open && text.length > seen) body.enqueue(encoder.encode(text.slice(seen)));
        seen = text.length;
      };
      const fail = (error: Error) => {
        reject(error);
        if (open) body.error(error);
        open = false;
      };
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onreadystatechange = () => {
        if (xhr.readyState !== XMLHttpRequest.HEADERS_RECEIVED) return;
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(new Response(NO_BODY.has(xhr.status) ? null : stream, { status: xhr.status, headers }));
      };
      xhr.onprogress = pass;
      xhr.onload = () => {
        pass();
        if (open) body.close();
        open = false;
      };
      xhr.onerror = () => fail(new TypeError('Network request failed'));
      xhr.onabort = () => fail(new DOMException('Aborted', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/**
 * Files to and from the API in the back office: saving an export as a download, and
 * uploading with progress (fetch cannot report an upload's progress; XMLHttpRequest can).
 * Kept out of api-client.ts so the storefront's entry bundle does not carry them.
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

/** A fetch that reports the upload's progress (0 to 1): pass it as a request's `transport`. */
export function uploadWithProgress(onProgress: (fraction: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', String(input));
      for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
        xhr.setRequestHeader(name, value);
      }
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(new Response(xhr.response as Blob, { status: xhr.status, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

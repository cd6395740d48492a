// Types of byte-relay.mjs for the TypeScript that imports it (e2e/storefront/repeat-visit.spec.ts).
export declare const RELAY_KINDS: readonly ['html', 'css', 'js', 'images', 'fonts', 'data'];
export type RelayKind = (typeof RELAY_KINDS)[number];

export interface Relay {
  /** Where the browser goes: http://localhost:<port>. */
  origin: string;
  /** Where new connections go (change it for a deploy: the next connection reaches the new server). */
  target: URL;
  open: boolean;
  connections: number;
  /** Bytes the server sent (headers and bodies, as on the wire) since the last reset. */
  bytesDown: number;
  byKind: Record<RelayKind, number>;
  /**
   * Each answer since the last reset: the path asked (with its query), the status, and its
   * bytes (headers and body) since then; `continued`: begun before the reset.
   */
  answers: { path: string; status: number; bytes: number; continued?: true }[];
  reset(): void;
  /** Ends the open connections (the browser's kept-alive ones too), so the next request connects anew. */
  dropConnections(): void;
  /** Refuses connections from now on (offline), and ends the open ones. */
  close(): void;
  stop(): Promise<void>;
}

export declare function kindOfPath(pathname: string): RelayKind;
export declare function startRelay(target: URL): Promise<Relay>;

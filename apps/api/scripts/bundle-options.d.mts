import type { BuildOptions } from 'esbuild';

/** The API's folder. */
export declare const apiRoot: string;
/** esbuild's options for the API's entry points (add `entryPoints` and `outdir`). */
export declare function bundleOptions(): BuildOptions;

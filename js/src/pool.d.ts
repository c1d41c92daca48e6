// Types of 'cncrypto/pool' (docs/wasm.md, "Worker pool").
import type { OwnedOutput, ScannerOptions } from './index.js';

export interface ScanPoolOptions extends ScannerOptions {
  /** Workers to start (default navigator.hardwareConcurrency, or Node's os.availableParallelism(); at most 16). */
  workers?: number;
  /** The 'cncrypto/full' build in the workers (default: the wallet build). */
  full?: boolean;
  /** The .wasm's location when not beside the package (a URL or string). */
  wasm?: URL | string | null;
  /** Transactions per job (default: about four jobs per worker, 16 .. 256). */
  chunkSize?: number;
}

export interface ScanProgress { done: number; total: number }

export declare class ScanPool extends EventTarget {
  readonly size: number;
  /** As Scanner.scan over txBlobs, in parallel; 'progress' events carry { detail: { done, total } }. */
  scan(txBlobs: readonly Uint8Array[], options?: { onProgress?: ((done: number, total: number) => void) | null }): Promise<OwnedOutput[]>;
  /** Wipes every worker's scan context and stops the workers. */
  dispose(): Promise<void>;
}

export declare function createScanPool(options: ScanPoolOptions): Promise<ScanPool>;

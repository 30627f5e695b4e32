/** The slice of `s3rver` (v3, shipped without type definitions) that the test S3 emulator uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    /** 0 lets the system pick a free port; `run()` answers it. */
    port?: number;
    silent?: boolean;
    /** Where the buckets' files are kept. */
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

/** The part of s3rver's API the tests use (the package ships no type declarations). */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    /** 0: the system picks a free port; run() says which. */
    port?: number;
    silent?: boolean;
    /** Where the buckets' objects are kept, as files. */
    directory: string;
    configureBuckets?: { name: string }[];
  }
  class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
  export = S3rver;
}

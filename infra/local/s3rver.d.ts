declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  interface BucketConfig {
    name: string;
    configs?: (string | Buffer)[];
  }
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: BucketConfig[];
  }
  export interface S3Event {
    Records: {
      eventName: string;
      eventTime: string;
      s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string } };
    }[];
  }
  export default class S3rver extends EventEmitter {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    on(event: 'event', listener: (e: S3Event) => void): this;
  }
}

/** s3rver's object model: what its store's putObject takes (infra/local/stack.ts storeInS3rver). */
declare module 's3rver/lib/models/object.js' {
  export default class S3Object {
    constructor(bucket: string, key: string, content: Buffer, metadata: Record<string, string>);
  }
}

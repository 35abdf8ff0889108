// s3rver ships no type declarations; the attachment-store test uses its constructor, run() and close() only.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

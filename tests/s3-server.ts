import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll } from 'vitest'
import type { BucketSettings } from '#app/lib/env.server.ts'

// An S3-compatible server from node_modules (s3rver, decision 067) on 127.0.0.1 with its files in a temporary
// folder: the bucket the storage tests and the live-server tests talk to. Never a system service.

export type RunningS3Server = {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string
  /** The settings of its bucket, as env.server.ts makes them from S3_*. */
  bucket: BucketSettings
  /** The S3_* variables that point a `node server.ts` at the bucket. */
  environment: Record<string, string>
  stop: () => Promise<void>
}

// s3rver checks signatures against this fixed key pair.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function startS3Server(directory: string, bucket = 'pawpal-photos'): Promise<RunningS3Server> {
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials },
    environment: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async stop() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/**
 * For one test file: a work folder under tests/.tmp and an S3 server with its files in it, started before the
 * file's tests and removed after them. `s3` is the running server (only inside a test).
 */
export function s3ServerForTheseTests(name: string) {
  const workDirectory = path.resolve('tests/.tmp', `${name}-${process.pid}-${crypto.randomUUID()}`)
  let running: RunningS3Server | undefined
  beforeAll(async () => {
    mkdirSync(workDirectory, { recursive: true })
    running = await startS3Server(path.join(workDirectory, 's3'))
  })
  afterAll(async () => {
    await running?.stop()
    rmSync(workDirectory, { recursive: true, force: true })
  })
  return {
    workDirectory,
    get s3() {
      if (!running) throw new Error('The S3 server runs only while the tests do')
      return running
    },
  }
}

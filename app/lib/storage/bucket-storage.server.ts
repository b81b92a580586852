import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { BucketSettings } from '../env.server.ts'
import { answersInTime, checkedKey, checkedPrefix, type FileStorage, StoredFileExistsError } from './file-storage.ts'

/** Stored files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), shared by every instance. */
export function bucketStorage({ bucket, endpoint, region, forcePathStyle, credentials }: BucketSettings): FileStorage {
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle,
    credentials,
    // Checksums only where S3 requires them: servers that do not know the newer checksum headers still work.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })

  return {
    description: `the bucket ${bucket}`,

    async put(key, data, contentType) {
      const Key = checkedKey(key)
      // If-None-Match makes the write itself refuse an existing key where the server knows it (S3, R2, MinIO);
      // the look first also refuses on those that ignore it (s3rver in the tests).
      if (await exists(Key)) throw new StoredFileExistsError(key)
      await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: data, ContentType: contentType, IfNoneMatch: '*' })).catch((error: unknown) => {
        throw statusOf(error) === 412 || statusOf(error) === 409 ? new StoredFileExistsError(key) : error
      })
    },

    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) })).catch((error: unknown) => {
        if (statusOf(error) === 404) return null
        throw error
      })
      if (!answer?.Body) return null
      return { size: answer.ContentLength ?? 0, etag: (answer.ETag ?? '').replaceAll('"', ''), body: answer.Body as Readable }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }))
    },

    async list(prefix) {
      const keys: string[] = []
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: checkedPrefix(prefix) })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
      }
      return keys.sort()
    },

    isReachable: () => answersInTime((abortSignal) => client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal })),
  }

  async function exists(Key: string) {
    return client.send(new HeadObjectCommand({ Bucket: bucket, Key })).then(
      () => true,
      (error: unknown) => {
        if (statusOf(error) === 404) return false
        throw error
      },
    )
  }
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined)

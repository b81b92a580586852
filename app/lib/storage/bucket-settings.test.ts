import { expect, test } from 'vitest'
import { EnvError, parseEnv } from '../env.server.ts'

// S3_* in app/lib/env.server.ts (decision 067): a bucket is used only when it is configured completely.

const withSettings = (settings: Record<string, string>) => {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('S3_')))
  return parseEnv({ ...base, ...settings })
}
const keys = { S3_ACCESS_KEY_ID: 'key-id', S3_SECRET_ACCESS_KEY: 'secret' }

test('without S3_BUCKET images stay in UPLOAD_DIR', () => {
  expect(withSettings({}).bucket).toBeNull()
})

test('S3_BUCKET without its key pair stops start-up with a line naming each missing variable', () => {
  expect(() => withSettings({ S3_BUCKET: 'pawpal-photos' })).toThrow(EnvError)
  expect(() => withSettings({ S3_BUCKET: 'pawpal-photos', S3_ACCESS_KEY_ID: 'key-id' })).toThrow(
    /^Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set$/,
  )
  expect(() => withSettings({ S3_BUCKET: 'pawpal-photos', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ACCESS_KEY_ID is required when S3_BUCKET is set/)
})

test('an endpoint turns path-style addressing on unless S3_FORCE_PATH_STYLE says otherwise; AWS without one keeps it off', () => {
  expect(withSettings({ S3_BUCKET: 'pawpal-photos', S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys }).bucket).toEqual({
    bucket: 'pawpal-photos',
    endpoint: 'http://127.0.0.1:9000',
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
  })
  expect(withSettings({ S3_BUCKET: 'pawpal-photos', S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false', ...keys }).bucket?.forcePathStyle).toBe(false)
  expect(withSettings({ S3_BUCKET: 'pawpal-photos', S3_REGION: 'eu-central-1', ...keys }).bucket).toMatchObject({ endpoint: undefined, region: 'eu-central-1', forcePathStyle: false })
})

test('a bucket name or endpoint that cannot be one is refused', () => {
  expect(() => withSettings({ S3_BUCKET: 'Pawpal_Photos', ...keys })).toThrow(/S3_BUCKET must be a bucket name/)
  expect(() => withSettings({ S3_BUCKET: 'pawpal-photos', S3_ENDPOINT: 'minio:9000', ...keys })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/)
})

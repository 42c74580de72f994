import { createReadStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { _Object, S3Client } from '@aws-sdk/client-s3'
import type { S3Settings } from '@server/config'
import { companyKey, type MediaStorage, type StoredContent } from './media.storage'

/** S3's own ceiling for one listing page and for one DeleteObjects call. */
const MAX_PAGE = 1000

/** The SDK takes about 0.4 s to load: installations that keep media on disk never load it. */
const loadSdk = () => import('@aws-sdk/client-s3')

/** What the SDK's service exceptions carry. */
type ServiceError = { name?: string; $metadata?: { httpStatusCode?: number } }

/** A missing key; a missing bucket is a configuration error and must not look like one. */
const isMissingKey = (error: unknown) => {
  const { name, $metadata } = error as ServiceError
  return name === 'NoSuchKey' || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket')
}

/**
 * Media as objects `{prefix}{companyId}/{relative}` of an S3-compatible bucket. Uploads are
 * staged in `stagingDir` on this machine (sniffing needs a file) and streamed to the bucket.
 */
export function createS3Storage(
  settings: S3Settings,
  options: { stagingDir: string; pageSize?: number },
): MediaStorage {
  let connection: Promise<{ sdk: Awaited<ReturnType<typeof loadSdk>>; client: S3Client }> | null =
    null
  const connect = () =>
    (connection ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        // Checksums only where S3 requires them: the trailing checksums the SDK adds to uploads
        // by default (since 3.729) are refused by many S3-compatible services.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })))
  const Bucket = settings.bucket
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE)
  const key = (companyId: number, relative: string) =>
    settings.prefix + companyKey(companyId, relative)

  /** Every object under the company's prefix, a listing page at a time. */
  async function* pages(companyId: number): AsyncGenerator<_Object[]> {
    const { sdk, client } = await connect()
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket,
          Prefix: `${settings.prefix}${companyId}/`,
          MaxKeys: pageSize,
          ...(ContinuationToken ? { ContinuationToken } : {}),
        }),
      )
      if (page.Contents?.length) yield page.Contents
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  }

  async function read(
    companyId: number,
    relative: string,
    range?: string,
  ): Promise<StoredContent | null> {
    const { sdk, client } = await connect()
    let object
    try {
      object = await client.send(
        new sdk.GetObjectCommand({ Bucket, Key: key(companyId, relative), Range: range }),
      )
    } catch (error) {
      if (isMissingKey(error)) return null
      // A range past the end: the whole file, as a server that ignores Range may answer.
      if (range && (error as ServiceError).name === 'InvalidRange') return read(companyId, relative)
      throw error
    }
    if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body stream')
    return {
      body: object.Body,
      contentType: object.ContentType ?? 'application/octet-stream',
      length: object.ContentLength ?? 0,
      contentRange: object.ContentRange ?? null,
      lastModified: object.LastModified ?? null,
      etag: object.ETag ?? null,
    }
  }

  return {
    stagingPath: (_companyId, _folder, id) => join(options.stagingDir, `${id}.part`),

    async commit(staged, companyId, relative, contentType) {
      const { sdk, client } = await connect()
      const { size } = await stat(staged)
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key(companyId, relative),
          Body: createReadStream(staged),
          ContentLength: size,
          ContentType: contentType,
        }),
      )
      await rm(staged, { force: true })
    },

    async write(companyId, relative, content, contentType) {
      const { sdk, client } = await connect()
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key(companyId, relative),
          Body: content,
          ContentType: contentType,
        }),
      )
    },

    read,

    async remove(companyId, relative) {
      const { sdk, client } = await connect()
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key(companyId, relative) }))
    },

    async removeCompany(companyId) {
      const { sdk, client } = await connect()
      for await (const page of pages(companyId)) {
        const deleted = await client.send(
          new sdk.DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: page.map((object) => ({ Key: object.Key })), Quiet: true },
          }),
        )
        const failed = deleted.Errors?.[0]
        if (failed) throw new Error(`S3 did not delete ${failed.Key}: ${failed.Code}`)
      }
    },

    async usage(companyId) {
      const usage = { size: 0, files: 0 }
      for await (const page of pages(companyId)) {
        usage.files += page.length
        for (const object of page) usage.size += object.Size ?? 0
      }
      return usage
    },
  }
}

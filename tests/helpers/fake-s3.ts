import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import type { S3Settings } from '@server/config'

/** A local S3 stand-in (s3rver on a free port, objects in a temp folder) with one bucket. */
export interface FakeS3 {
  /** Settings for `config.s3`, keys under a prefix of their own. */
  settings(prefix?: string): S3Settings
  /** A client of the stand-in, for a test to look at or plant objects. */
  client: S3Client
  bucket: string
  /** Every key under `prefix`, sorted. */
  keys(prefix: string): Promise<string[]>
  close(): Promise<void>
}

export async function startFakeS3(): Promise<FakeS3> {
  const directory = mkdtempSync(join(tmpdir(), 'atende-s3-'))
  const bucket = 'atende-media'
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      '--import',
      'tsx',
      join(import.meta.dirname, 'fake-s3.process.ts'),
      directory,
      bucket,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening (\d+)/.exec(output)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)))
  })
  const base: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver's fixed account.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    prefix: '',
  }
  const client = new S3Client({
    region: base.region,
    endpoint: base.endpoint!,
    credentials: base.credentials!,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  return {
    settings: (prefix = `test-${randomBytes(4).toString('hex')}/`) => ({ ...base, prefix }),
    client,
    bucket,
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))
      return (listed.Contents ?? []).map((object) => object.Key!).sort()
    },
    async close() {
      client.destroy()
      child.kill('SIGTERM')
      await exited
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

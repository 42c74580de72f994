import S3rver from 's3rver'

/**
 * s3rver in a process of its own (`node --openssl-legacy-provider --import tsx` this file, by
 * `fake-s3.ts`): it encrypts its listing continuation tokens with DES, which Node's OpenSSL 3
 * offers only with the legacy provider. Arguments: the folder for the objects, then the buckets.
 * Prints `listening <port>`; ends with SIGTERM or when its standard input closes (the test
 * process is gone).
 */
const [directory, ...buckets] = process.argv.slice(2)
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
})
const { port } = await server.run()
process.stdout.write(`listening ${port}\n`)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.stdin.on('end', stop).resume()

import { createConnection, createServer, type Socket } from 'node:net'

/**
 * A TCP forwarder standing in for a load balancer: clients connect to `url`, which forwards to
 * the current target. `cut()` drops every open connection (their instance "died") and sends new
 * ones to another target, as a proxy does once an instance stops answering.
 */
export async function startTcpSwitch(initialTarget: number) {
  let target = initialTarget
  const open = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: target })
    for (const end of [client, upstream]) {
      open.add(end)
      end.on('close', () => open.delete(end))
      end.on('error', () => end.destroy())
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    cut(nextTarget: number) {
      target = nextTarget
      for (const socket of open) socket.destroy()
    },
    close() {
      for (const socket of open) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

import WebSocket from 'ws'

/**
 * An attendant's socket for benches, speaking Socket.IO's wire protocol (Engine.IO 4) over a
 * bare WebSocket. The bench's attendants share the machine's cores with the server; with
 * socket.io-client each of them parsed the JSON of every event (tens of MB/s at 500 msg/s) and
 * took as much CPU as the server itself. This one answers pings and hands over the raw text of
 * the events named, so a bench reads only what it measures.
 */
export async function connectWireAttendant(options: {
  origin: string
  companyId: number
  token: string
  /** Called with the text of each packet whose event name is one of these. */
  events: string[]
  onEvent(name: string, packet: string): void
}): Promise<{ close(): void }> {
  const namespace = `/${options.companyId}`
  const url = `${options.origin.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`
  const socket = new WebSocket(url)
  const prefixes = options.events.map((name) => [name, `42${namespace},["${name}"`] as const)
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject)
    socket.on('message', (data: Buffer) => {
      const packet = data.toString()
      if (packet === '2') return socket.send('3')
      if (packet.startsWith('0')) {
        socket.send(`40${namespace},${JSON.stringify({ token: options.token })}`)
        return
      }
      if (packet.startsWith(`40${namespace},`)) return resolve()
      if (packet.startsWith(`44${namespace},`))
        return reject(new Error(`socket refused: ${packet}`))
      for (const [name, prefix] of prefixes)
        if (packet.startsWith(prefix)) return options.onEvent(name, packet)
    })
  })
  return { close: () => socket.close() }
}

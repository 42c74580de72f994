/** The part of a socket (local to this instance) whose rooms are set from its user's grants. */
interface RoomedSocket {
  id: string
  rooms: Set<string>
  join(rooms: string[]): unknown
  leave(room: string): unknown
}

/**
 * Puts a socket in the rooms its user is granted now and takes it out of every other room,
 * except those `keep` names (a recovered socket's conversation, still visible to it). Done in
 * one synchronous step, so no event sent after it reaches a room the user lost.
 */
export function applyGrants(
  socket: RoomedSocket,
  granted: readonly string[],
  keep: ReadonlySet<string> = new Set(),
): void {
  for (const room of [...socket.rooms])
    if (room !== socket.id && !granted.includes(room) && !keep.has(room)) socket.leave(room)
  socket.join([...granted])
}

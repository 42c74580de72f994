import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { AskOutcome } from '@server/db/session-locks'
import { ChannelError } from '../types'
import { toPlain } from './serialize'

/**
 * Driver calls that need a session's socket, run by the instance that owns the session
 * (ARCHITECTURE.md, "One owner per WhatsApp session"): another instance sends the call's name
 * and arguments as JSON through the owner lock (`SessionLocks.ask`), the owner runs the same
 * driver operation on its socket and answers the result or the ChannelError. Both directions
 * are checked against the schemas below: they cross a process boundary.
 */

const Chat = Type.Object({
  id: Type.String(),
  isGroup: Type.Boolean(),
  name: Type.Optional(Type.String()),
  jid: Type.Optional(Type.String()),
  lid: Type.Optional(Type.String()),
})
const Target = Type.Object({
  providerId: Type.String(),
  fromMe: Type.Boolean(),
  raw: Type.Unknown(),
})
const People = Type.Array(Type.Object({ number: Type.String(), name: Type.String() }))

/** What travels to the owner (`args`) and back (`result`) for each call. */
const OWNER_CALLS = {
  markRead: { args: Type.Tuple([Chat, Type.Array(Type.String())]), result: Type.Void() },
  react: { args: Type.Tuple([Chat, Target, Type.String()]), result: Type.Void() },
  edit: {
    args: Type.Tuple([
      Chat,
      Type.Object({ providerId: Type.String(), raw: Type.Unknown() }),
      Type.String(),
    ]),
    result: Type.Void(),
  },
  revoke: { args: Type.Tuple([Chat, Target]), result: Type.Void() },
  profilePicture: { args: Type.Tuple([Chat]), result: Type.Union([Type.String(), Type.Null()]) },
  setBlocked: { args: Type.Tuple([Chat, Type.Boolean()]), result: Type.Void() },
  checkNumber: {
    args: Type.Tuple([Type.String()]),
    result: Type.Object({ exists: Type.Boolean(), number: Type.String() }),
  },
  addressBook: { args: Type.Tuple([]), result: People },
  knownChats: { args: Type.Tuple([]), result: People },
  /** The sender's phone uploads expired media again: the message as stored JSON, and back. */
  refreshMedia: { args: Type.Tuple([Type.Unknown()]), result: Type.Unknown() },
} satisfies Record<string, { args: TSchema; result: TSchema }>

export type OwnerCallName = keyof typeof OWNER_CALLS
export type OwnerCallArgs = { [N in OwnerCallName]: Static<(typeof OWNER_CALLS)[N]['args']> }
export type OwnerCallResults = { [N in OwnerCallName]: Static<(typeof OWNER_CALLS)[N]['result']> }

/** Each call as the instance with the socket runs it. */
export type OwnerCallHandlers = {
  [N in OwnerCallName]: (
    connectionId: number,
    ...args: OwnerCallArgs[N]
  ) => Promise<OwnerCallResults[N]>
}

/** The way to a session's owner: the session manager's side of `SessionLocks.ask`. */
export interface OwnerLine {
  /** Hands a request to the instance owning the connection's session and waits for it. */
  ask(connectionId: number, request: string): Promise<AskOutcome>
  /** Who answers the requests other instances hand to this one. */
  serve(answer: (connectionId: number, request: string) => Promise<string>): void
}

const CALL_NAMES = Object.keys(OWNER_CALLS) as OwnerCallName[]
const Request = Type.Object({
  call: Type.Union(CALL_NAMES.map((name) => Type.Literal(name))),
  args: Type.Array(Type.Unknown()),
})
const Reply = Type.Union([
  Type.Object({ ok: Type.Literal(true), value: Type.Optional(Type.Unknown()) }),
  Type.Object({
    ok: Type.Literal(false),
    code: Type.String({ minLength: 1 }),
    retryable: Type.Boolean(),
    message: Type.String(),
  }),
])
type Reply = Static<typeof Reply>

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** Runs `call` with the owner's handler once its arguments are what the call takes. */
function dispatch<N extends OwnerCallName>(
  handlers: OwnerCallHandlers,
  connectionId: number,
  call: N,
  args: unknown[],
): Promise<OwnerCallResults[N]> {
  const schema: TSchema = OWNER_CALLS[call].args
  if (!Value.Check(schema, args))
    throw new ChannelError('ERR_INTERNAL', false, `malformed arguments for ${call}`)
  const handler: (connectionId: number, ...args: OwnerCallArgs[N]) => Promise<OwnerCallResults[N]> =
    handlers[call]
  // Checked against the call's own schema just above.
  return handler(connectionId, ...(args as OwnerCallArgs[N]))
}

/** The owner's side: runs a request another instance handed over and answers it as JSON. */
export async function answerOwnerCall(
  handlers: OwnerCallHandlers,
  connectionId: number,
  request: string,
): Promise<string> {
  let reply: Reply
  try {
    const parsed = parseJson(request)
    if (!Value.Check(Request, parsed))
      throw new ChannelError('ERR_INTERNAL', false, 'malformed owner call')
    const value = await dispatch(handlers, connectionId, parsed.call, parsed.args)
    reply = { ok: true, value: toPlain(value) }
  } catch (error) {
    reply =
      error instanceof ChannelError
        ? { ok: false, code: error.code, retryable: error.retryable, message: error.message }
        : {
            ok: false,
            code: 'ERR_INTERNAL',
            retryable: true,
            message: error instanceof Error ? error.message : String(error),
          }
  }
  return JSON.stringify(reply)
}

/**
 * The asking side: runs `call` on the instance owning the connection's session and answers
 * its result, or throws its ChannelError. Nobody owning the session answers
 * ERR_WAPP_NOT_INITIALIZED; an owner that does not answer in time, ERR_WAPP_OWNER_TIMEOUT.
 */
export async function callOwner<N extends OwnerCallName>(
  line: OwnerLine,
  connectionId: number,
  call: N,
  args: OwnerCallArgs[N],
): Promise<OwnerCallResults[N]> {
  const outcome = await line.ask(connectionId, JSON.stringify({ call, args: toPlain(args) }))
  switch (outcome.status) {
    case 'unheld':
      throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true)
    case 'timeout':
      throw new ChannelError('ERR_WAPP_OWNER_TIMEOUT', true, `${call}: the session owner is silent`)
    case 'failed':
      throw new ChannelError('ERR_INTERNAL', true, outcome.message)
    case 'answered':
      return readReply(call, outcome.reply)
  }
}

function readReply<N extends OwnerCallName>(call: N, text: string): OwnerCallResults[N] {
  const reply = parseJson(text)
  if (!Value.Check(Reply, reply))
    throw new ChannelError('ERR_INTERNAL', true, `malformed answer to ${call}`)
  if (!reply.ok) throw new ChannelError(reply.code, reply.retryable, reply.message)
  const schema: TSchema = OWNER_CALLS[call].result
  if (!Value.Check(schema, reply.value))
    throw new ChannelError('ERR_INTERNAL', true, `malformed result of ${call}`)
  // Checked against the call's own schema just above.
  return reply.value as OwnerCallResults[N]
}

import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'

/**
 * The queue dialog's simulate panel (issue 16): what the bot would answer, with today's settings
 * and clock, to a new contact writing these messages. Nothing is stored nor sent.
 */

/** Messages in one simulated conversation; each send replays it from the start. */
export const SIMULATION_MAX_MESSAGES = 30
export const SIMULATION_MESSAGE_MAX = 1000

export const SimulationBody = Type.Object(
  {
    /** The connection the contact writes to; absent: the queue's first, if it has any. */
    connectionId: Type.Optional(Id),
    messages: Type.Array(Type.String({ minLength: 1, maxLength: SIMULATION_MESSAGE_MAX }), {
      minItems: 1,
      maxItems: SIMULATION_MAX_MESSAGES,
    }),
    /** The name template variables use for the contact. */
    contactName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
)
export type SimulationBody = Static<typeof SimulationBody>

/** Why the bot says nothing to a message. */
export const SIMULATION_SILENCES = [
  'windowClosed',
  'limitReached',
  'resting',
  'botDisabled',
  'notTheBots',
] as const

/** One thing the bot does in answer to a message, in order. */
export const SimulatedStep = Type.Union([
  /** A text the contact would receive, with the connection's greeting file as its media. */
  Type.Object({
    kind: Type.Literal('text'),
    text: Type.String(),
    file: Type.Optional(Type.Union([Type.Literal('image'), Type.Literal('video')])),
  }),
  /** The ticket enters a queue. */
  Type.Object({ kind: Type.Literal('queue'), queueName: Type.String() }),
  /** The ticket is given to an attendant (it still waits to be accepted). */
  Type.Object({ kind: Type.Literal('attendant'), userName: Type.String() }),
  /** The ticket would go to a random online attendant of the queue. */
  Type.Object({ kind: Type.Literal('randomAttendant') }),
  /** The contact accepts the privacy terms. */
  Type.Object({ kind: Type.Literal('consent') }),
  /** The contact's rating is stored. */
  Type.Object({ kind: Type.Literal('rated'), rate: Type.Integer() }),
  /** The integration or AI prompt answers this message (it is not called in a simulation). */
  Type.Object({ kind: Type.Literal('integration') }),
  /** The file list's message and files are sent. */
  Type.Object({ kind: Type.Literal('files') }),
  /** The conversation ends; the next message starts a new one. */
  Type.Object({ kind: Type.Literal('closed') }),
  /** The bot says nothing, and why. */
  Type.Object({
    kind: Type.Literal('silent'),
    reason: Type.Union(SIMULATION_SILENCES.map((reason) => Type.Literal(reason))),
  }),
])
export type SimulatedStep = Static<typeof SimulatedStep>

export const SimulationDto = Type.Object({
  /** The connection simulated, or null when the queue is on none (the contact starts inside it). */
  connection: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()]),
  /** The queue's connections, for the panel's choice. */
  connections: Type.Array(Type.Object({ id: Id, name: Type.String() })),
  turns: Type.Array(Type.Object({ message: Type.String(), steps: Type.Array(SimulatedStep) })),
})
export type SimulationDto = Static<typeof SimulationDto>

import { Value } from '@sinclair/typebox/value'
import {
  ipcInputSchemas,
  type IpcChannel,
  type IpcErrorCode,
  type IpcInput,
  type IpcOutput,
} from '@shared/ipc/contract'
import type { IpcMainEdge, IpcMainInvokeEventEdge } from '../electron-edge'
import type { Logger } from '../logger'
import type { TrustedUrlCheck } from '../security/trusted-origin'

/** An invoke rejection; `name` is the code the renderer sees (the preload restores it). */
export class IpcError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    detail: string,
  ) {
    super(detail)
    this.name = code
  }
}

export type IpcHandler<C extends IpcChannel> = (
  input: IpcInput<C>,
  event: IpcMainInvokeEventEdge,
) => IpcOutput<C> | Promise<IpcOutput<C>>

/** One handler per channel of the contract: a missing one is a type error. */
export type IpcHandlers = { [C in IpcChannel]: IpcHandler<C> }

export type Handle = <C extends IpcChannel>(channel: C, handler: IpcHandler<C>) => void

export interface HandleDeps {
  ipcMain: IpcMainEdge
  isTrusted: TrustedUrlCheck
  logger: Logger
}

/**
 * `handle(channel, handler)`: every invoke is checked before its handler runs (after
 * mattermost/desktop's `ipcValidate`): the sending frame must be our renderer, and the single
 * argument must match the channel's schema in `ipcInputSchemas`.
 */
export function createHandle({ ipcMain, isTrusted, logger }: HandleDeps): Handle {
  return (channel, handler) => {
    const schema = ipcInputSchemas[channel]
    ipcMain.handle(channel, async (event, ...args) => {
      const url = event.senderFrame?.url ?? ''
      if (!isTrusted(url)) {
        logger.warn(`dropped '${channel}' from an untrusted sender`, url)
        throw new IpcError('ERR_IPC_UNTRUSTED_SENDER', channel)
      }
      const [input] = args
      if (args.length !== 1 || !Value.Check(schema, input)) {
        const first = args.length === 1 ? Value.Errors(schema, input).First() : undefined
        const detail = first ? `${first.path || '/'} ${first.message}` : 'expects one argument'
        throw new IpcError('ERR_IPC_INVALID_INPUT', `${channel}: ${detail}`)
      }
      return handler(input, event)
    })
  }
}

/** Registers the full handler map, channel by channel, in the contract's order. */
export function registerIpcHandlers(handle: Handle, handlers: IpcHandlers): IpcChannel[] {
  const channels = Object.keys(ipcInputSchemas) as IpcChannel[]
  const register = <C extends IpcChannel>(channel: C) => handle(channel, handlers[channel])
  channels.forEach(register)
  return channels
}

import { createContext, useContext } from 'react'

/** What a block's menu does, by block id; one stable object for the whole canvas. */
export interface BlockActions {
  edit: (id: string) => void
  duplicate: (id: string) => void
  remove: (id: string) => void
  /** Opens "connect an output" for keyboard users. */
  connect: (id: string) => void
}

const NOTHING = () => undefined

export const BlockActionsContext = createContext<BlockActions>({
  edit: NOTHING,
  duplicate: NOTHING,
  remove: NOTHING,
  connect: NOTHING,
})

export const useBlockActions = (): BlockActions => useContext(BlockActionsContext)

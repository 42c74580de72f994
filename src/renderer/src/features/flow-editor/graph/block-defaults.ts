import type { FlowNodeDataOf, FlowNodeType } from '@shared/contracts/flows'
import { newFlowNodeId } from '@shared/contracts/flows-rules'
import type { BlockNode } from './block-node'

/** The blocks the toolbar adds (002 §2.15), in its order; `message` exists only in old flows. */
export const ADDABLE_BLOCKS = [
  'start',
  'singleBlock',
  'menu',
  'randomizer',
  'interval',
  'condition',
  'ticket',
  'img',
  'audio',
  'video',
] as const satisfies readonly FlowNodeType[]
export type AddableBlock = (typeof ADDABLE_BLOCKS)[number]

/** The start block's label, as the family stores it (data, never shown: the block is named by type). */
export const START_LABEL = 'Inicio do fluxo'

const DEFAULT_DATA: { [T in FlowNodeType]: () => FlowNodeDataOf<T> } = {
  start: () => ({ label: START_LABEL }),
  message: () => ({ label: '' }),
  interval: () => ({ sec: 0 }),
  condition: () => ({ key: '', condition: 1, value: '' }),
  menu: () => ({ message: '', arrayOption: [{ number: 1, value: '' }] }),
  img: () => ({ url: '' }),
  audio: () => ({ url: '', record: false }),
  video: () => ({ url: '' }),
  randomizer: () => ({ percent: 50 }),
  singleBlock: () => ({ seq: [], elements: [] }),
  ticket: () => ({ id: 0, name: '' }),
}

/** A new block's data, before its editor fills it. */
export const defaultBlockData = <T extends FlowNodeType>(type: T): FlowNodeDataOf<T> =>
  DEFAULT_DATA[type]()

/** A new block of `type` at `position`, with a fresh id (002 §9: 30 random alphanumerics). */
export const createBlock = <T extends FlowNodeType>(
  type: T,
  position: { x: number; y: number },
  data: FlowNodeDataOf<T> = defaultBlockData(type),
): BlockNode<T> => ({ id: newFlowNodeId(), type, position, data })

/** Types that have an editor: the start block has nothing to edit. */
export const hasEditor = (type: FlowNodeType): boolean => type !== 'start'

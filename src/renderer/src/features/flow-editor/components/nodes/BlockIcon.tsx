import {
  ArrowShuffleRegular,
  BranchRegular,
  ChatRegular,
  DocumentTextRegular,
  ImageRegular,
  MicRegular,
  PlayCircleRegular,
  TextBulletListSquareRegular,
  TicketDiagonalRegular,
  TimerRegular,
  VideoRegular,
  type FluentIcon,
} from '@fluentui/react-icons'
import type { FlowNodeType } from '@shared/contracts/flows'

const ICONS: Record<FlowNodeType, FluentIcon> = {
  start: PlayCircleRegular,
  message: ChatRegular,
  interval: TimerRegular,
  condition: BranchRegular,
  menu: TextBulletListSquareRegular,
  img: ImageRegular,
  audio: MicRegular,
  video: VideoRegular,
  randomizer: ArrowShuffleRegular,
  singleBlock: DocumentTextRegular,
  ticket: TicketDiagonalRegular,
}

/** The icon of a kind of block, on the canvas, the toolbar and the menus alike. */
export const BlockIcon = ({ type, className }: { type: FlowNodeType; className?: string }) => {
  const Icon = ICONS[type]
  return <Icon className={className} aria-hidden />
}

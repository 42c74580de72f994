import {
  BotSparkleRegular,
  ChatSparkleRegular,
  CloudFlowRegular,
  FlowRegular,
  GlobeArrowForwardRegular,
  type FluentIcon,
} from '@fluentui/react-icons'
import type { IntegrationType } from '@shared/contracts/queue-integrations'

/** The mark of each integration type in the table and the type picker (002 §2.18 "type logo"). */
export const integrationTypeIcons: Record<IntegrationType, FluentIcon> = {
  dialogflow: BotSparkleRegular,
  n8n: CloudFlowRegular,
  webhook: GlobeArrowForwardRegular,
  typebot: ChatSparkleRegular,
  flowbuilder: FlowRegular,
}

/** The icon of an integration type; decorative, the type's name is written beside it. */
export const IntegrationTypeIcon = ({
  type,
  className,
}: {
  type: IntegrationType
  className?: string
}) => {
  const Icon = integrationTypeIcons[type]
  return <Icon className={className} aria-hidden />
}

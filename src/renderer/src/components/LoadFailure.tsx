import { Button } from '@fluentui/react-components'
import { ErrorCircleRegular } from '@fluentui/react-icons'
import { EmptyState } from './EmptyState'

export interface LoadFailureProps {
  title: string
  /** Why it failed, as the user should read it. */
  description: string
  retryLabel: string
  onRetry: () => void
}

/** What a list shows when its first page could not be loaded: why, and a retry. */
export const LoadFailure = ({ title, description, retryLabel, onRetry }: LoadFailureProps) => (
  <EmptyState
    icon={<ErrorCircleRegular />}
    title={title}
    description={description}
    actions={
      <Button appearance="primary" onClick={onRetry}>
        {retryLabel}
      </Button>
    }
  />
)

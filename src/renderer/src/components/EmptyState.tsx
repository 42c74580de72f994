import { Body1, Subtitle2 } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useEmptyStateStyles } from './EmptyState.styles'

export interface EmptyStateProps {
  title: string
  description?: string
  /** A Fluent icon element, shown large above the title. */
  icon?: ReactNode
  /** Buttons offered below, such as "Add". */
  actions?: ReactNode
}

/** What a list or a panel shows when there is nothing in it. */
export const EmptyState = ({ title, description, icon, actions }: EmptyStateProps) => {
  const styles = useEmptyStateStyles()
  return (
    <div className={styles.root} role="status">
      {icon && (
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
      )}
      <Subtitle2 as="h2">{title}</Subtitle2>
      {description && <Body1>{description}</Body1>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  )
}

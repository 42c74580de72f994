import { Caption1, Title3 } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { usePageHeaderStyles } from './PageHeader.styles'

export interface PageHeaderProps {
  title: string
  /** A total shown beside the title, e.g. the number of records. */
  count?: number
  /** Search boxes and buttons, aligned to the end. */
  actions?: ReactNode
}

/** The title row of a page: its heading, an optional count and the page's actions. */
export const PageHeader = ({ title, count, actions }: PageHeaderProps) => {
  const styles = usePageHeaderStyles()
  return (
    <header className={styles.root}>
      <div className={styles.titles}>
        <Title3 as="h1">{title}</Title3>
        {count !== undefined && <Caption1 className={styles.count}>({count})</Caption1>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  )
}

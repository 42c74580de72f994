import { Body1, Subtitle2 } from '@fluentui/react-components'
import { useId, type ReactNode } from 'react'
import { useSettingsSectionStyles } from './SettingsSection.styles'

export interface SettingsSectionProps {
  title: string
  description?: string
  children: ReactNode
}

/** A titled block of the settings form; screen readers list it as a region by its title. */
export const SettingsSection = ({ title, description, children }: SettingsSectionProps) => {
  const styles = useSettingsSectionStyles()
  const titleId = useId()
  return (
    <section className={styles.root} aria-labelledby={titleId}>
      <Subtitle2 as="h2" id={titleId}>
        {title}
      </Subtitle2>
      {description && <Body1 className={styles.description}>{description}</Body1>}
      {children}
    </section>
  )
}

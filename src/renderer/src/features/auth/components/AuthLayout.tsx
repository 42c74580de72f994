import { Subtitle1, Title2 } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { LanguageSwitcher } from '@renderer/components/LanguageSwitcher'
import { usePublicSettings } from '@renderer/hooks/usePublicSettings'
import { useThemeMode } from '@renderer/hooks/useThemeMode'
import { SupportButton } from './SupportButton'
import { useAuthLayoutStyles } from './AuthLayout.styles'

export interface AuthLayoutProps {
  title: string
  children: ReactNode
}

/**
 * The frame of the public pages: white-label logo, a card, the language choice, support. The card
 * is drawn with Fluent's tokens rather than its Card component, which only adds interactivity
 * these pages do not use to the first download.
 */
export const AuthLayout = ({ title, children }: AuthLayoutProps) => {
  const styles = useAuthLayoutStyles()
  const branding = usePublicSettings()
  const { mode } = useThemeMode()
  const logo = mode === 'dark' ? (branding.logoDark ?? branding.logoLight) : branding.logoLight

  return (
    <main className={styles.root}>
      <div className={styles.language}>
        <LanguageSwitcher showLabel />
      </div>
      <section className={styles.card}>
        <div className={styles.brand}>
          {logo ? (
            <img className={styles.logo} src={logo} alt={branding.appName} />
          ) : (
            <Title2 as="p">{branding.appName}</Title2>
          )}
        </div>
        <Subtitle1 as="h1" className={styles.title}>
          {title}
        </Subtitle1>
        {children}
      </section>
      <SupportButton />
    </main>
  )
}

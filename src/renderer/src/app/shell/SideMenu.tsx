import {
  Badge,
  Caption1,
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavDrawerFooter,
  NavItem,
  NavSectionHeader,
  NavSubItem,
  NavSubItemGroup,
} from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { createElement } from 'react'
import { useTranslation } from 'react-i18next'
import { matchPath, useLocation } from 'react-router'
import {
  isMenuGroup,
  routeById,
  routeLink,
  visibleMenu,
  type MenuEntry,
  type MenuLeaf,
  type RouteId,
} from '@shared/navigation'
import { isComingSoon } from '../router/pages'
import { useNavigationContext } from '../router/useNavigationContext'
import { menuIcons } from './menu-icons'
import { shellQueries } from './queries'
import { useConnectionsAttention } from './useConnectionsAttention'
import { useSideMenuStyles } from './SideMenu.styles'

export interface SideMenuProps {
  open: boolean
  /** Under 600 px the menu is a temporary overlay that closes after a choice (000 §2). */
  overlay: boolean
  /** The overlay menu closes: after a pick (`navigate`), or on Escape or a tap beside it. */
  onClose: (reason: 'navigate' | 'dismiss') => void
}

const iconOf = (id: RouteId | 'campaigns' | 'flowBuilder') => {
  const icon = menuIcons[id]
  return icon ? createElement(icon) : undefined
}

const isActive = (id: RouteId, pathname: string) =>
  matchPath({ path: routeById(id).path, end: true }, pathname) !== null

/** The side menu of 000 §2 Shell: the entries this user may see, gated in src/shared. */
export const SideMenu = ({ open, overlay, onClose }: SideMenuProps) => {
  const styles = useSideMenuStyles()
  const { t } = useTranslation('shell')
  const { pathname } = useLocation()
  const context = useNavigationContext()
  const attention = useConnectionsAttention()
  const { data: version } = useQuery(shellQueries.version())
  const sections = visibleMenu(context)

  const leaves = sections.flatMap(({ entries }) =>
    entries.flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry])),
  )
  const selected = leaves.find((leaf) => isActive(leaf.id, pathname))?.id
  const selectedGroup = sections
    .flatMap(({ entries }) => entries)
    .find((entry) => isMenuGroup(entry) && entry.children.some((c) => c.id === selected))?.id

  const renderLeaf = (leaf: MenuLeaf, sub: boolean) => {
    const name = t(`pages.${leaf.id}`)
    const comingSoon = isComingSoon(leaf.id)
    const label =
      leaf.id === 'connections' && attention ? (
        <span className={styles.label}>
          {name}
          <Badge size="extra-small" color="danger" aria-label={t('menu.connectionsAttention')} />
        </span>
      ) : comingSoon ? (
        <span className={styles.label}>
          {name}
          <Badge
            className={styles.comingSoon}
            size="small"
            appearance="tint"
            color="informative"
            role="img"
            aria-label={t('menu.comingSoon')}
          >
            {t('menu.comingSoon')}
          </Badge>
        </span>
      ) : (
        name
      )
    const Item = sub ? NavSubItem : NavItem
    return (
      <Item
        key={leaf.id}
        value={leaf.id}
        href={`#${routeLink(leaf.id)}`}
        icon={sub ? undefined : iconOf(leaf.id)}
        // The name is what the link shows ("Relatórios Em breve", as WCAG 2.5.3 asks); the
        // description says what the mark means.
        {...(comingSoon ? { 'aria-description': t('menu.comingSoonDescription') } : {})}
      >
        {label}
      </Item>
    )
  }

  const renderEntry = (entry: MenuEntry) =>
    isMenuGroup(entry) ? (
      <NavCategory key={entry.id} value={entry.id}>
        <NavCategoryItem icon={iconOf(entry.id)}>{t(`menu.groups.${entry.id}`)}</NavCategoryItem>
        <NavSubItemGroup>{entry.children.map((child) => renderLeaf(child, true))}</NavSubItemGroup>
      </NavCategory>
    ) : (
      renderLeaf(entry, false)
    )

  return (
    <NavDrawer
      className={styles.drawer}
      open={open}
      type={overlay ? 'overlay' : 'inline'}
      // Always controlled: '' selects nothing (a page outside the menu, such as /subscription).
      selectedValue={selected ?? ''}
      selectedCategoryValue={selectedGroup ?? ''}
      defaultOpenCategories={selectedGroup ? [selectedGroup] : []}
      onNavItemSelect={() => {
        if (overlay) onClose('navigate')
      }}
      onOpenChange={(_event, data) => {
        if (!data.open) onClose('dismiss')
      }}
      aria-label={t('menu.label')}
    >
      <NavDrawerBody>
        {sections.map(({ section, entries }) => [
          <NavSectionHeader key={`section-${section}`}>
            {t(`menu.sections.${section}`)}
          </NavSectionHeader>,
          ...entries.map(renderEntry),
        ])}
      </NavDrawerBody>
      <NavDrawerFooter>
        <Caption1 className={styles.version}>
          {version ? t('menu.version', { version }) : undefined}
        </Caption1>
      </NavDrawerFooter>
    </NavDrawer>
  )
}

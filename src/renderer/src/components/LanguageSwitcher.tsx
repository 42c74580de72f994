import {
  Button,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
} from '@fluentui/react-components'
import { LocalLanguageRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '@shared/constants'
import { changeLanguage, isLanguage } from '../lib/i18n'

export interface LanguageSwitcherProps {
  /** Shows the current language's name beside the icon (login page); icon only otherwise. */
  showLabel?: boolean
}

/** Picks the interface language among pt-BR, en, es and tr; the choice is remembered. */
export const LanguageSwitcher = ({ showLabel = false }: LanguageSwitcherProps) => {
  const { t, i18n } = useTranslation('common')
  const current = isLanguage(i18n.language) ? i18n.language : LANGUAGES[0]
  const trigger = (
    <Button appearance="subtle" icon={<LocalLanguageRegular />} aria-label={t('language.choose')}>
      {showLabel ? t(`language.names.${current}`) : undefined}
    </Button>
  )
  return (
    <Menu
      checkedValues={{ language: [current] }}
      onCheckedValueChange={(_event, data) => {
        const [next] = data.checkedItems
        if (isLanguage(next)) void changeLanguage(next)
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        {showLabel ? (
          trigger
        ) : (
          <Tooltip content={t('language.choose')} relationship="label">
            {trigger}
          </Tooltip>
        )}
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGUAGES.map((language) => (
            <MenuItemRadio key={language} name="language" value={language} lang={language}>
              {t(`language.names.${language}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

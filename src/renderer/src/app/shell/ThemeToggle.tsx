import { Button, Tooltip } from '@fluentui/react-components'
import { WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useThemeMode } from '@renderer/hooks/useThemeMode'

/** Switches light/dark, on this machine and for the user (see `useThemeModeSource`). */
export const ThemeToggle = () => {
  const { t } = useTranslation('shell')
  const { mode, toggle } = useThemeMode()
  const label = mode === 'light' ? t('topBar.darkMode') : t('topBar.lightMode')
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        icon={mode === 'light' ? <WeatherMoonRegular /> : <WeatherSunnyRegular />}
        onClick={toggle}
      />
    </Tooltip>
  )
}

import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
} from '@fluentui/react-components'
import { ArrowUploadRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BRAND_FALLBACK } from '@shared/constants'
import { WHITELABEL_LOGO_MAX_BYTES, type WhitelabelLogoMode } from '@shared/contracts/settings'
import { EmptyState } from '@renderer/components/EmptyState'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { brandingFileUrl } from '@renderer/lib/public-settings'
import { useUpdateSettingMutation, useUploadLogoMutation } from '../mutations'
import { settingsQueries } from '../queries'
import { useSettingsTabStyles } from './SettingsTab.styles'

const COLOUR = /^#[0-9a-fA-F]{6}$/
const LOGO_MODES: readonly WhitelabelLogoMode[] = ['Light', 'Dark', 'Favicon']

/**
 * White-label (super user): brand colours per theme, the app name and the three logos. Every
 * change reaches the theme at once, here and, through the settings event, on every client.
 */
export const WhitelabelTab = () => {
  const { t } = useTranslation('settings')
  const styles = useSettingsTabStyles()
  const settings = useQuery(settingsQueries.platform())
  if (settings.isPending) return <Spinner label={t('loading')} />
  if (settings.isError) return <EmptyState title={t('loadError')} />
  const valueOf = (key: string) => settings.data.find((setting) => setting.key === key)?.value ?? ''

  return (
    <div className={styles.root}>
      {/* There is no Save button: say so, or the admin looks for one (each change has its toast). */}
      <MessageBar intent="info">
        <MessageBarBody>{t('whitelabel.autosave')}</MessageBarBody>
      </MessageBar>
      <section className={styles.block} aria-labelledby="whitelabel-brand">
        <Subtitle2 id="whitelabel-brand">{t('whitelabel.brand')}</Subtitle2>
        <div className={styles.grid}>
          <ColourSetting settingKey="primaryColorLight" stored={valueOf('primaryColorLight')} />
          <ColourSetting settingKey="primaryColorDark" stored={valueOf('primaryColorDark')} />
          <AppNameSetting stored={valueOf('appName')} />
        </div>
      </section>
      <section className={styles.block} aria-labelledby="whitelabel-logos">
        <Subtitle2 id="whitelabel-logos">{t('whitelabel.logos')}</Subtitle2>
        <div className={styles.grid}>
          {LOGO_MODES.map((mode) => (
            <LogoSetting key={mode} mode={mode} stored={valueOf(`appLogo${mode}`)} />
          ))}
        </div>
      </section>
    </div>
  )
}

const ColourSetting = ({
  settingKey,
  stored,
}: {
  settingKey: 'primaryColorLight' | 'primaryColorDark'
  stored: string
}) => {
  const { t } = useTranslation('settings')
  const styles = useSettingsTabStyles()
  const update = useUpdateSettingMutation()
  const [text, setText] = useState(stored)
  const valid = text === '' || COLOUR.test(text)

  const commit = (value: string) => {
    if (value === stored || !(value === '' || COLOUR.test(value))) return
    update.mutate(
      { key: settingKey, value },
      { onSuccess: () => notifySuccess(t('toasts.updated')) },
    )
  }

  return (
    <Field
      label={t(`whitelabel.${settingKey}`)}
      validationState={valid ? 'none' : 'error'}
      validationMessage={valid ? undefined : t('validation.colour')}
    >
      <div className={styles.row}>
        <input
          type="color"
          className={styles.swatch}
          aria-label={t('whitelabel.pick', { name: t(`whitelabel.${settingKey}`) })}
          value={COLOUR.test(text) ? text : BRAND_FALLBACK.color}
          onChange={(event) => setText(event.target.value)}
          onBlur={(event) => commit(event.target.value)}
        />
        <Input
          value={text}
          aria-label={t(`whitelabel.${settingKey}`)}
          placeholder={BRAND_FALLBACK.color}
          onChange={(_event, data) => setText(data.value.trim())}
          onBlur={() => commit(text)}
        />
      </div>
    </Field>
  )
}

const AppNameSetting = ({ stored }: { stored: string }) => {
  const { t } = useTranslation('settings')
  const update = useUpdateSettingMutation()
  const [text, setText] = useState(stored)
  const commit = () => {
    if (text.trim() === stored) return
    update.mutate(
      { key: 'appName', value: text.trim() },
      { onSuccess: () => notifySuccess(t('toasts.updated')) },
    )
  }
  return (
    <Field label={t('whitelabel.appName')} hint={t('whitelabel.appNameHint')}>
      <Input
        value={text}
        maxLength={60}
        placeholder={BRAND_FALLBACK.appName}
        onChange={(_event, data) => setText(data.value)}
        onBlur={commit}
      />
    </Field>
  )
}

const LogoSetting = ({ mode, stored }: { mode: WhitelabelLogoMode; stored: string }) => {
  const { t } = useTranslation('settings')
  const styles = useSettingsTabStyles()
  const upload = useUploadLogoMutation()
  const input = useRef<HTMLInputElement>(null)
  const url = brandingFileUrl(stored)

  const handleFile = (file: File | undefined) => {
    if (!file) return
    if (file.size > WHITELABEL_LOGO_MAX_BYTES) {
      notifyError({ error: 'ERR_FILE_TOO_LARGE' })
      return
    }
    upload.mutate({ mode, file }, { onSuccess: () => notifySuccess(t('toasts.updated')) })
  }

  return (
    <Field label={t(`whitelabel.logo${mode}`)}>
      <div className={styles.row}>
        {url && <img src={url} alt={t(`whitelabel.logo${mode}`)} className={styles.logo} />}
        <Button
          icon={upload.isPending ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {t('whitelabel.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/webp,image/gif,image/x-icon"
          aria-label={t(`whitelabel.logo${mode}`)}
          onChange={(event) => {
            handleFile(event.target.files?.[0])
            event.target.value = ''
          }}
        />
      </div>
    </Field>
  )
}
